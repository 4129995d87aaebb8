import { describe, expect, test } from "bun:test";
import { clockText, reachedEntry, replayOffset, timeOfDay } from "./replay-timeline.ts";

describe("replay timeline", () => {
  test("places entries on the replay's timeline", () => {
    expect(replayOffset(10_500, 10_000, 5_000)).toBe(500);
    expect(replayOffset(9_500, 10_000, 5_000)).toBe(0);
    expect(replayOffset(5_000, 10_000, 5_000)).toBeNull();
    expect(replayOffset(16_500, 10_000, 5_000)).toBeNull();
    expect(replayOffset(null, 10_000, 5_000)).toBeNull();
  });

  test("the reached entry is the last one not after the player", () => {
    const offsets = [100, null, 900, 2_000];
    expect(reachedEntry(offsets, 0)).toBe(-1);
    expect(reachedEntry(offsets, 100)).toBe(0);
    expect(reachedEntry(offsets, 1_500)).toBe(2);
    expect(reachedEntry(offsets, 60_000)).toBe(3);
    expect(reachedEntry([], 10)).toBe(-1);
  });

  test("clock text", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(9_999)).toBe("0:09");
    expect(clockText(125_000)).toBe("2:05");
    expect(clockText(-5)).toBe("0:00");
  });

  test("time of day", () => {
    expect(timeOfDay(new Date(2026, 10, 1, 9, 5, 7).toISOString())).toBe("09:05:07");
    expect(timeOfDay("nope")).toBe("");
  });
});
