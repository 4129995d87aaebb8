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
    ws: boolean;
  }) => Promise<unknown>;
  /** Streaming needs a ready session and an open socket (spec §7), but for the first batch. */
  canStream: () => boolean;
  isOpened: () => boolean;
  currentUrl: () => string;
  sdkVersion: string;
  startedAt: number;
  now?: () => number;
}

// Spec §9: at most 500 events kept; streaming every 2.5 s; page-view check every 1 s; errors reset
// every 60 s, more than 2 in a row pause streaming. Plain constants, so the build writes the numbers
// where they are used (the loader's size budget).
const maxEvents = 500;
const streamMs = 2500;
const pageViewMs = 1000;
const errorResetMs = 60_000;
const maxErrors = 2;

/** The limits above, as one object for whoever reads them. */
export const eventLimits = { max: maxEvents, streamMs, pageViewMs, errorResetMs, maxErrors } as const;

function trackedEvent(name: string, data: unknown, at: number): TrackedEvent {
  const event: TrackedEvent = { name, date: new Date(at).toISOString() };
  if (data !== undefined) event.data = data;
  return event;
}

/** A batch as the server takes it: the first one (`ws: false`) goes before the socket is up. */
const streamBody = (deps: EventTrackerDeps, at: number, events: TrackedEvent[], first: boolean) => ({
  time: Math.round((at - deps.startedAt) / 1000),
  events,
  opened: deps.isOpened(),
  type: "js" as const,
  sdkVersion: deps.sdkVersion,
  ws: !first,
});

/**
 * Tracked events: a log (for reports' customEventLog) and a queue streamed to the server. More than two
 * failed sends in a row pause streaming until the error count resets; unsent events are kept. The
 * first batch (with this page's view) goes at `start`, before the socket is up (`ws: false`): its
 * answer carries the content due on the page, which a socket would otherwise have brought. Then a
 * batch every 2.5 s while `canStream`.
 */
export function createEventTracker(deps: EventTrackerDeps) {
  const now = deps.now ?? Date.now;
  const log = createLogBuffer<TrackedEvent>(maxEvents);
  let queue: TrackedEvent[] = [];
  let errors = 0;
  let sending = false;
  let lastPage: string | null = null;
  let pageTracking = true;
  const timers: Array<ReturnType<typeof setInterval>> = [];

  function track(name: string, data?: unknown) {
    const event = trackedEvent(name, data, now());
    log.push(event);
    queue.push(event);
    if (queue.length > maxEvents) queue = queue.slice(-maxEvents);
  }

  async function flush(first = false) {
    if (sending || queue.length === 0 || errors > maxErrors || !(first || deps.canStream())) return;
    const batch = queue;
    queue = [];
    sending = true;
    try {
      await deps.send(streamBody(deps, now(), batch, first));
      errors = 0;
    } catch {
      errors++;
      queue = [...batch, ...queue].slice(-maxEvents);
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
    paused: () => errors > maxErrors,
    start() {
      if (timers.length > 0) return;
      checkPageView();
      void flush(true);
      timers.push(
        setInterval(checkPageView, pageViewMs),
        setInterval(() => void flush(), streamMs),
        setInterval(() => {
          errors = 0;
        }, errorResetMs),
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
