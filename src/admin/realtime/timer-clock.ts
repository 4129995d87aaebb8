/**
 * The time and timers something paced runs on (the typing signal, a throttled reload): the browser's
 * by default, a hand-moved one in tests (test-support/fake-clock.ts), so pacing is tested without
 * waiting.
 */
export interface TimerClock {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const browserClock: TimerClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};
