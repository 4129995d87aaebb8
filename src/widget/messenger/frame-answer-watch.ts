import type { Timer, Timers } from "./widget-timers.ts";

/**
 * Whether the frame's app speaks within `timeoutMs` of the frame's box being created; `onSilent` when
 * it does not. Its page says `ping` before the app runs (frame-inbox.ts), so only the app's own first
 * message counts: an app that failed to load would otherwise leave an open panel over the placeholder
 * for good. Answers what to call when the app speaks.
 */
export function watchFrameAnswer(timers: Timers, timeoutMs: number, onSilent: () => void): () => void {
  let timer: Timer | null = timers.later(timeoutMs, () => {
    timer = null;
    onSilent();
  });
  return () => {
    timers.cancel(timer);
    timer = null;
  };
}
