import type { TimerClock } from "../realtime/timer-clock.ts";

/**
 * A clock whose time and timers a test moves by hand: `advance` runs the timers it passes, earliest
 * first; `waiting` counts the timers not yet run.
 */
export function fakeClock(): { clock: TimerClock; advance: (ms: number) => void; waiting: () => number } {
  let time = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: TimerClock = {
    now: () => time,
    setTimer: (run, ms) => {
      const id = next++;
      timers.set(id, { at: time + ms, run });
      return id;
    },
    clearTimer: (id) => {
      timers.delete(id as number);
    },
  };
  const advance = (ms: number) => {
    time += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > time) continue;
      timers.delete(id);
      timer.run();
    }
  };
  return { clock, advance, waiting: () => timers.size };
}
