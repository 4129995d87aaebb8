import type { Timers } from "./widget-timers.ts";

/** The latest moment after the frame's `ping` that the report outbox is asked for. */
const askWithinMs = 2000;

/**
 * The report outbox is on the page before the visitor can press Send: a report sent offline keeps its
 * place there, while the report chunk itself could not be fetched any more. It is asked for once the
 * frame has answered, when the page's main thread is next idle: on one site the host and the frame
 * share that thread, and the frame's first screen goes first (a report takes a visitor longer to
 * write). `cancel`: a widget destroyed before then asks for nothing (an `initialize` after it would).
 */
export function createOutboxRequest(view: Window, timers: Timers, ask: () => void) {
  let asked = false;
  let idleRequest: number | null = null;
  return {
    afterPing() {
      if (asked) return;
      asked = true;
      const run = () => {
        idleRequest = null;
        ask();
      };
      if (typeof view.requestIdleCallback === "function")
        idleRequest = view.requestIdleCallback(run, { timeout: askWithinMs });
      else timers.later(0, run);
    },
    cancel() {
      if (idleRequest !== null) view.cancelIdleCallback(idleRequest);
      idleRequest = null;
    },
  };
}
