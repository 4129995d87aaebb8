import { describe, expect, test } from "bun:test";
import { formatDate, formatDateTime } from "./format-date.ts";

describe("formatDate", () => {
  test("English: the weekday, day before month (spec §9)", () => {
    expect(formatDate(new Date(2025, 0, 6, 9, 5), "en-US")).toBe("Monday, 6 January 2025");
    expect(formatDate(new Date(2024, 11, 25), "en-US")).toBe("Wednesday, 25 December 2024");
  });

  test("German: German weekday and month names, as German speakers write dates", () => {
    expect(formatDate(new Date(2026, 10, 24), "de")).toBe("Dienstag, 24. November 2026");
    expect(formatDate(new Date(2025, 2, 3), "de")).toBe("Montag, 3. März 2025");
  });

  test("with the time in 24 hours", () => {
    expect(formatDateTime(new Date(2025, 0, 6, 9, 5), "en-US")).toBe("Monday, 6 January 2025, 09:05");
    expect(formatDateTime(new Date(2025, 6, 4, 23, 59), "en-US")).toBe("Friday, 4 July 2025, 23:59");
    expect(formatDateTime(new Date(2025, 6, 4, 23, 59), "de")).toBe("Freitag, 4. Juli 2025, 23:59");
  });

  test("an unreadable date is shown as given", () => {
    expect(formatDate("soon", "de")).toBe("soon");
    expect(formatDateTime("soon", "en-US")).toBe("soon");
  });
});
