import { describe, expect, test } from "bun:test";
import { fakeClock } from "../test-support/fake-clock.ts";
import { createTypingSignal } from "./typing-signal.ts";

/** A typing signal on a fake clock, what it sent, and the clock's hand. */
function startSignal() {
  const { clock, advance } = fakeClock();
  const sent: boolean[] = [];
  const signal = createTypingSignal((typing) => sent.push(typing), clock);
  return { signal, sent, advance };
}

describe("typing signal", () => {
  test("one call every 3 s while typing, a stop 5 s after the last key", () => {
    const { signal, sent, advance } = startSignal();
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
    const { signal, sent, advance } = startSignal();
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
