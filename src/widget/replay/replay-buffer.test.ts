import { describe, expect, test } from "bun:test";
import { createReplayBuffer } from "./replay-buffer.ts";

type Event = { at: number; checkout?: boolean };

/** Feeds one event per second from `from` to `to` (seconds), a checkout whenever the buffer wants one. */
function feed(buffer: ReturnType<typeof createReplayBuffer<Event>>, from: number, to: number, chars = 100) {
  for (let second = from; second <= to; second++) {
    const now = second * 1000;
    const checkout = second === 0 || buffer.wantsCheckout(now);
    buffer.push({ at: second, checkout }, chars, checkout, now);
  }
}

describe("the replay's rolling buffer", () => {
  test("keeps at least the last minute, starting at a full snapshot, and drops older segments", () => {
    const buffer = createReplayBuffer<Event>();
    feed(buffer, 0, 59);
    expect(buffer.segmentStarts()).toEqual([0]);
    feed(buffer, 60, 150);
    // Checkouts at 60 s and 120 s; at 150 s the segment from 60 s covers the last minute (90..150).
    expect(buffer.segmentStarts()).toEqual([60_000, 120_000]);
    const events = buffer.events();
    expect(events[0]).toEqual({ at: 60, checkout: true });
    expect(events.at(-1)?.at).toBe(150);
    feed(buffer, 151, 180);
    // At 180 s a checkout, and the segment from 120 s starts exactly a minute back: the oldest goes.
    expect(buffer.segmentStarts()).toEqual([120_000, 180_000]);
  });

  test("a started flow pins the history from a minute before it until the report", () => {
    const buffer = createReplayBuffer<Event>();
    feed(buffer, 0, 90);
    expect(buffer.segmentStarts()).toEqual([0, 60_000]);
    buffer.pin(90_000);
    // No checkouts while pinned, and nothing from 30 s on is dropped, however long the flow takes.
    feed(buffer, 91, 400);
    expect(buffer.segmentStarts()).toEqual([0, 60_000]);
    expect(buffer.events()[0]?.at).toBe(0);
    expect(buffer.events().at(-1)?.at).toBe(400);
    buffer.unpin();
    // Unpinned, a checkout comes at once, and only the last minute is kept again.
    feed(buffer, 401, 401);
    expect(buffer.segmentStarts()).toEqual([60_000, 401_000]);
    feed(buffer, 402, 461);
    expect(buffer.segmentStarts()).toEqual([401_000, 461_000]);
  });

  test("a pin expires after ten minutes", () => {
    const buffer = createReplayBuffer<Event>();
    feed(buffer, 0, 10);
    buffer.pin(10_000);
    expect(buffer.pinned(10_000 + 10 * 60_000)).toBe(true);
    expect(buffer.pinned(10_001 + 10 * 60_000)).toBe(false);
  });

  test("never holds more than its size limit, beyond the newest segment", () => {
    const buffer = createReplayBuffer<Event>({ maxChars: 10_000 });
    feed(buffer, 0, 59, 100);
    expect(buffer.chars()).toBe(6000);
    buffer.pin(59_000);
    feed(buffer, 60, 120, 100);
    // Over the limit with one segment: a checkout is wanted even while pinned.
    expect(buffer.chars()).toBeLessThanOrEqual(10_000 + 100);
    expect(buffer.segmentStarts().length).toBe(1);
    expect(buffer.events()[0]?.checkout).toBe(true);
  });

  test("clear forgets everything, the pin too", () => {
    const buffer = createReplayBuffer<Event>();
    feed(buffer, 0, 5);
    buffer.pin(5000);
    buffer.clear();
    expect(buffer.events()).toEqual([]);
    expect(buffer.chars()).toBe(0);
    expect(buffer.pinned(5000)).toBe(false);
    expect(buffer.wantsCheckout(100_000)).toBe(false);
  });
});
