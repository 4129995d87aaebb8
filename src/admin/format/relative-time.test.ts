import { describe, expect, test } from "bun:test";
import { relativeTime, relativeTimeLabel } from "./relative-time.ts";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const label = (seconds: number) => relativeTimeLabel(relativeTime(ago(seconds), now));

describe("relativeTime", () => {
  test("under one second is just created", () => {
    expect(relativeTime(ago(0), now)).toBeNull();
    expect(relativeTime(ago(0.9), now)).toBeNull();
    expect(label(0.5)).toBe("Just created");
  });

  test("picks the largest whole unit", () => {
    expect(relativeTime(ago(1), now)).toEqual({ count: 1, unit: "second" });
    expect(relativeTime(ago(59), now)).toEqual({ count: 59, unit: "second" });
    expect(relativeTime(ago(60), now)).toEqual({ count: 1, unit: "min" });
    expect(relativeTime(ago(3_599), now)).toEqual({ count: 59, unit: "min" });
    expect(relativeTime(ago(7_200), now)).toEqual({ count: 2, unit: "hr" });
    expect(relativeTime(ago(86_400 * 3), now)).toEqual({ count: 3, unit: "d" });
    expect(relativeTime(ago(2_592_000), now)).toEqual({ count: 1, unit: "mth" });
    expect(relativeTime(ago(31_536_000 * 2 + 5), now)).toEqual({ count: 2, unit: "yr" });
  });

  test("the plural adds s", () => {
    expect(label(1)).toBe("1 second ago");
    expect(label(30)).toBe("30 seconds ago");
    expect(label(60)).toBe("1 min ago");
    expect(label(180)).toBe("3 mins ago");
    expect(label(3_600 * 5)).toBe("5 hrs ago");
    expect(label(31_536_000)).toBe("1 yr ago");
  });

  test("a future moment counts as just created; strings and numbers are read too", () => {
    expect(relativeTime(new Date(now.getTime() + 60_000), now)).toBeNull();
    expect(relativeTime("2025-06-15T11:59:00Z", now.getTime())).toEqual({ count: 1, unit: "min" });
    expect(relativeTime("not a date", now)).toBeNull();
  });
});
