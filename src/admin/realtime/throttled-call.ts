import { browserClock, type TimerClock } from "./timer-clock.ts";

/**
 * Runs `call` at most once per `gapMs` however often it is asked for: the first ask runs at once,
 * asks within the gap are folded into one run at its end (so the last change is never missed). For
 * screens that reload on live pushes (a busy outbound's stats change with every visitor).
 */
export function createThrottledCall(call: () => void, gapMs: number, clock: TimerClock = browserClock) {
  let last = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;

  const run = () => {
    pending = null;
    last = clock.now();
    call();
  };

  return {
    /** Asks for a run: now, or at the end of the gap after the last one. */
    request() {
      if (pending !== null) return;
      const wait = last + gapMs - clock.now();
      if (wait <= 0) run();
      else pending = clock.setTimer(run, wait);
    },
    /** Drops a waiting run (the screen goes away). */
    cancel() {
      if (pending !== null) clock.clearTimer(pending);
      pending = null;
    },
  };
}
