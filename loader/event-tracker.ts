import { createLogBuffer } from "./log-buffer.ts";

export interface TrackedEvent {
  name: string;
  date: string;
  data?: unknown;
}

export interface EventTrackerDeps {
  /** Posts a batch to `/sessions/ping`; rejects on failure. */
  send: (body: {
    time: number;
    events: TrackedEvent[];
    opened: boolean;
    type: "js";
    sdkVersion: string;
    ws: true;
  }) => Promise<unknown>;
  /** Streaming needs a ready session and an open socket (spec §7). */
  canStream: () => boolean;
  isOpened: () => boolean;
  currentUrl: () => string;
  sdkVersion: string;
  startedAt: number;
  now?: () => number;
}

/** Spec §9: at most 500 events kept; streaming every 2.5 s; page-view check every 1 s; errors reset every 60 s. */
export const eventLimits = {
  max: 500,
  streamMs: 2500,
  pageViewMs: 1000,
  errorResetMs: 60_000,
  maxErrors: 2,
} as const;

/**
 * Tracked events: a log (for reports' customEventLog) and a queue streamed to the server. More than two
 * failed sends in a row pause streaming until the error count resets; unsent events are kept.
 */
export function createEventTracker(deps: EventTrackerDeps) {
  const now = deps.now ?? Date.now;
  const log = createLogBuffer<TrackedEvent>(eventLimits.max);
  let queue: TrackedEvent[] = [];
  let errors = 0;
  let sending = false;
  let lastPage: string | null = null;
  let pageTracking = true;
  const timers: Array<ReturnType<typeof setInterval>> = [];

  function track(name: string, data?: unknown) {
    const event: TrackedEvent =
      data === undefined
        ? { name, date: new Date(now()).toISOString() }
        : { name, date: new Date(now()).toISOString(), data };
    log.push(event);
    queue.push(event);
    if (queue.length > eventLimits.max) queue = queue.slice(-eventLimits.max);
  }

  async function flush() {
    if (sending || queue.length === 0 || errors > eventLimits.maxErrors || !deps.canStream()) return;
    const batch = queue;
    queue = [];
    sending = true;
    try {
      await deps.send({
        time: Math.round((now() - deps.startedAt) / 1000),
        events: batch,
        opened: deps.isOpened(),
        type: "js",
        sdkVersion: deps.sdkVersion,
        ws: true,
      });
      errors = 0;
    } catch {
      errors++;
      queue = [...batch, ...queue].slice(-eventLimits.max);
    } finally {
      sending = false;
    }
  }

  /** Catches single-page-app route changes too: any change of the address is a page view. */
  function checkPageView() {
    if (!pageTracking) return;
    const page = deps.currentUrl();
    if (page !== lastPage) {
      lastPage = page;
      track("pageView", { page });
    }
  }

  return {
    track,
    flush,
    checkPageView,
    /** `setDisablePageTracking`: page views are no longer tracked by themselves. */
    setPageTracking(on: boolean) {
      pageTracking = on;
    },
    events: () => log.entries(),
    pending: () => queue.length,
    paused: () => errors > eventLimits.maxErrors,
    start() {
      if (timers.length > 0) return;
      checkPageView();
      timers.push(
        setInterval(checkPageView, eventLimits.pageViewMs),
        setInterval(() => void flush(), eventLimits.streamMs),
        setInterval(() => {
          errors = 0;
        }, eventLimits.errorResetMs),
      );
    },
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
    /** A new session id starts streaming afresh: the old session's queue is not sent under the new one. */
    restart() {
      queue = [];
      errors = 0;
    },
  };
}

export type EventTracker = ReturnType<typeof createEventTracker>;
