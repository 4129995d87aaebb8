/**
 * The replay's rolling buffer. The recorder takes a fresh full snapshot (a "checkout") every minute,
 * so the recording is a list of segments that each start with a full snapshot and can be dropped
 * whole: the buffer keeps the last minute and what it needs to replay it (at most two segments),
 * never more than `maxChars` of JSON.
 *
 * When a feedback flow starts, what happened before it is what the report is about: the buffer is
 * pinned, keeps everything from a minute before the flow started, and takes no further checkouts
 * until the report is sent (or the pin expires), so the replay runs from before the flow to the send.
 */

export interface ReplayBufferOptions {
  /** How much history the report gets, at least. */
  windowMs: number;
  /** How often a fresh full snapshot starts a new segment. */
  checkoutMs: number;
  /** The most JSON the buffer holds; older segments go first (the newest always stays). */
  maxChars: number;
  /** A flow left open longer than this stops holding history. */
  pinMaxMs: number;
}

export const replayBufferDefaults: ReplayBufferOptions = {
  windowMs: 60_000,
  checkoutMs: 60_000,
  maxChars: 8_000_000,
  pinMaxMs: 10 * 60_000,
};

interface Segment<E> {
  start: number;
  events: E[];
  chars: number;
}

export interface ReplayBuffer<E> {
  /** Adds an event; a checkout (the meta event of a fresh full snapshot) starts a new segment. */
  push(event: E, chars: number, isCheckout: boolean, now: number): void;
  /** Whether the recorder should take a checkout now. */
  wantsCheckout(now: number): boolean;
  /** Keeps the history from `windowMs` before `now` until `unpin`, a new pin or the pin's expiry. */
  pin(now: number): void;
  unpin(): void;
  pinned(now: number): boolean;
  events(): E[];
  chars(): number;
  /** The segments' starts, oldest first (for tests and the bench). */
  segmentStarts(): number[];
  clear(): void;
}

export function createReplayBuffer<E>(options: Partial<ReplayBufferOptions> = {}): ReplayBuffer<E> {
  const settings = { ...replayBufferDefaults, ...options };
  let segments: Segment<E>[] = [];
  let total = 0;
  let pinnedAt: number | null = null;

  const pinActive = (now: number) => {
    if (pinnedAt !== null && now - pinnedAt > settings.pinMaxMs) pinnedAt = null;
    return pinnedAt !== null;
  };

  function dropOldest() {
    const dropped = segments.shift();
    if (dropped) total -= dropped.chars;
  }

  function trim(now: number) {
    const horizon = (pinActive(now) ? (pinnedAt as number) : now) - settings.windowMs;
    // The oldest segment is not needed once the next one already starts at or before the horizon.
    while (segments.length > 1 && (segments[1] as Segment<E>).start <= horizon) dropOldest();
    while (segments.length > 1 && total > settings.maxChars) dropOldest();
  }

  return {
    push(event, chars, isCheckout, now) {
      let current = segments[segments.length - 1];
      if (!current || isCheckout) {
        current = { start: now, events: [], chars: 0 };
        segments.push(current);
      }
      current.events.push(event);
      current.chars += chars;
      total += chars;
      trim(now);
    },
    wantsCheckout(now) {
      const current = segments[segments.length - 1];
      if (!current) return false;
      // Over the size limit with one segment: only a fresh snapshot lets the old one go, pin or not.
      if (total > settings.maxChars && segments.length === 1) return now - current.start >= 5_000;
      return !pinActive(now) && now - current.start >= settings.checkoutMs;
    },
    pin(now) {
      pinnedAt = now;
    },
    unpin() {
      pinnedAt = null;
    },
    pinned: (now) => pinActive(now),
    events: () => segments.flatMap((segment) => segment.events),
    chars: () => total,
    segmentStarts: () => segments.map((segment) => segment.start),
    clear() {
      segments = [];
      total = 0;
      pinnedAt = null;
    },
  };
}
