import { describe, expect, test } from "bun:test";
import { durationSince, relativeTime } from "./relative-time.ts";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("relativeTime", () => {
  test("under one second is just created", () => {
    expect(relativeTime(ago(0), now)).toBeNull();
    expect(relativeTime(ago(0.9), now)).toBeNull();
  });

  test("picks the largest whole unit, in the units Intl.RelativeTimeFormat takes", () => {
    expect(relativeTime(ago(1), now)).toEqual({ count: 1, unit: "second" });
    expect(relativeTime(ago(59), now)).toEqual({ count: 59, unit: "second" });
    expect(relativeTime(ago(60), now)).toEqual({ count: 1, unit: "minute" });
    expect(relativeTime(ago(3_599), now)).toEqual({ count: 59, unit: "minute" });
    expect(relativeTime(ago(7_200), now)).toEqual({ count: 2, unit: "hour" });
    expect(relativeTime(ago(86_400 * 21), now)).toEqual({ count: 21, unit: "day" });
    expect(relativeTime(ago(2_592_000), now)).toEqual({ count: 1, unit: "month" });
    expect(relativeTime(ago(31_536_000 * 2 + 5), now)).toEqual({ count: 2, unit: "year" });
  });

  test("a future moment (a skewed clock) or an invalid date is just now", () => {
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBeNull();
    expect(relativeTime("not a date", now)).toBeNull();
    expect(relativeTime("2025-06-15T11:59:00Z", now.getTime())).toEqual({ count: 1, unit: "minute" });
  });
});

describe("durationSince", () => {
  test("the unit and count a duration message chooses its words by", () => {
    expect(durationSince(ago(8 * 60 + 30), now)).toEqual({ unit: "minute", count: 8 });
    expect(durationSince(ago(86_400 * 3), now)).toEqual({ unit: "day", count: 3 });
  });

  test("under a second, a future moment or an invalid date is no duration yet", () => {
    expect(durationSince(ago(0.5), now)).toEqual({ unit: "none", count: 0 });
    expect(durationSince(new Date(now.getTime() + 5000), now)).toEqual({ unit: "none", count: 0 });
    expect(durationSince("not a date", now)).toEqual({ unit: "none", count: 0 });
  });
});
