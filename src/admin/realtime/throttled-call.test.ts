import { describe, expect, test } from "bun:test";
import { fakeClock } from "../test-support/fake-clock.ts";
import { createThrottledCall } from "./throttled-call.ts";

describe("throttled call", () => {
  test("runs the first ask at once and folds asks within the gap into one run at its end", () => {
    const { clock, advance } = fakeClock();
    const runs: number[] = [];
    const throttled = createThrottledCall(() => runs.push(clock.now()), 1000, clock);
    throttled.request();
    expect(runs).toEqual([0]);
    advance(100);
    throttled.request();
    advance(100);
    throttled.request();
    throttled.request();
    expect(runs).toEqual([0]);
    advance(800);
    expect(runs).toEqual([0, 1000]);
    // Quiet for longer than the gap: the next ask runs at once again.
    advance(5000);
    throttled.request();
    expect(runs).toEqual([0, 1000, 6000]);
  });

  test("cancel drops the waiting run", () => {
    const { clock, advance, waiting } = fakeClock();
    let runs = 0;
    const throttled = createThrottledCall(() => runs++, 1000, clock);
    throttled.request();
    throttled.request();
    expect(waiting()).toBe(1);
    throttled.cancel();
    advance(2000);
    expect(runs).toBe(1);
    expect(waiting()).toBe(0);
  });
});
