import { describe, expect, test } from "bun:test";
import { abbreviateNumber } from "./abbreviate-number.ts";

/** Each number (a key, so negative ones are quoted) reads as its text with the decimal separator given. */
function expectAbbreviations(texts: Record<number, string>, separator?: string): void {
  for (const [value, text] of Object.entries(texts))
    expect(abbreviateNumber(Number(value), separator)).toBe(text);
}

describe("abbreviateNumber", () => {
  test("keeps numbers under 1,000 as they are", () => {
    expectAbbreviations({ 0: "0", 7: "7", 999: "999" });
  });

  test("K, M, B and T from their thresholds, with one decimal", () => {
    expectAbbreviations({ 1000: "1K", 1500: "1.5K", 12345: "12.3K", 1000000: "1M", 2460000: "2.5M" });
    expectAbbreviations({ 1000000000: "1B", 7250000000000: "7.3T" });
  });

  test("a value that rounds to 1000 of a unit moves to the next unit", () => {
    expectAbbreviations({ 999960: "1M", 950000: "950K", 999.96: "1K" });
  });

  test("T is the largest unit", () => {
    expectAbbreviations({ 5e15: "5000T" });
  });

  test("negative numbers keep their sign", () => {
    expectAbbreviations({ "-1500": "-1.5K", "-20": "-20", "-0.01": "0" });
  });

  test("a locale's decimal separator", () => {
    expectAbbreviations({ 1500: "1,5K" }, ",");
  });
});
