import { describe, expect, test } from "bun:test";
import { banLadderDays, escalatedBanDays, escalatedBanEnd } from "./ban-escalation.ts";

describe("escalatedBanDays", () => {
  test("the first ban lasts 3 days, then 7, then 30", () => {
    expect(escalatedBanDays(0)).toBe(3);
    expect(escalatedBanDays(1)).toBe(7);
    expect(escalatedBanDays(2)).toBe(30);
  });

  test("the fourth ban and every later one is permanent", () => {
    expect(escalatedBanDays(3)).toBeNull();
    expect(escalatedBanDays(4)).toBeNull();
    expect(escalatedBanDays(250)).toBeNull();
  });

  test("a nonsense count is read as no earlier ban or as the nearest whole count", () => {
    expect(escalatedBanDays(-2)).toBe(3);
    expect(escalatedBanDays(1.7)).toBe(7);
  });

  test("the ladder is the documented one", () => {
    expect([...banLadderDays]).toEqual([3, 7, 30]);
  });
});

describe("escalatedBanEnd", () => {
  const start = new Date("2026-03-01T10:00:00.000Z");

  test("adds the ladder's days to the start", () => {
    expect(escalatedBanEnd(start, 0)).toBe("2026-03-04T10:00:00.000Z");
    expect(escalatedBanEnd(start, 1)).toBe("2026-03-08T10:00:00.000Z");
    expect(escalatedBanEnd(start, 2)).toBe("2026-03-31T10:00:00.000Z");
  });

  test("has no end once the ban is permanent", () => {
    expect(escalatedBanEnd(start, 3)).toBeNull();
  });
});
