import { describe, expect, test } from "bun:test";
import { formatDate, formatDateTime } from "./format-date.ts";

describe("formatDate", () => {
  test("English weekday and month names", () => {
    expect(formatDate(new Date(2025, 0, 6, 9, 5))).toBe("Monday, 6 January 2025");
    expect(formatDate(new Date(2024, 11, 25))).toBe("Wednesday, 25 December 2024");
  });

  test("with the time in 24 hours", () => {
    expect(formatDateTime(new Date(2025, 0, 6, 9, 5))).toBe("Monday, 6 January 2025, 09:05");
    expect(formatDateTime(new Date(2025, 6, 4, 23, 59))).toBe("Friday, 4 July 2025, 23:59");
  });

  test("an unreadable date is shown as given", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDateTime("soon")).toBe("soon");
  });
});
