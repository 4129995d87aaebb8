import { describe, expect, test } from "bun:test";
import { createTypingSignal, type TypingClock } from "./typing-signal.ts";

/** A clock whose time and timers the test moves by hand. */
function fakeClock() {
  let time = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: TypingClock = {
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
  return { clock, advance };
}

describe("typing signal", () => {
  test("one call every 3 s while typing, a stop 5 s after the last key", () => {
    const { clock, advance } = fakeClock();
    const sent: boolean[] = [];
    const signal = createTypingSignal((typing) => sent.push(typing), clock);
    signal.typed();
    advance(1000);
    signal.typed();
    advance(1000);
    signal.typed();
    expect(sent).toEqual([true]);
    advance(1500);
    signal.typed();
    expect(sent).toEqual([true, true]);
    advance(4999);
    expect(sent).toEqual([true, true]);
    advance(1);
    expect(sent).toEqual([true, true, false]);
  });

  test("after a send the stop waits for the 3 s gap; stopping twice sends once", () => {
    const { clock, advance } = fakeClock();
    const sent: boolean[] = [];
    const signal = createTypingSignal((typing) => sent.push(typing), clock);
    signal.typed();
    advance(1000);
    signal.sent();
    advance(1999);
    expect(sent).toEqual([true]);
    advance(1);
    expect(sent).toEqual([true, false]);
    signal.stop();
    signal.sent();
    expect(sent).toEqual([true, false]);
  });
});
