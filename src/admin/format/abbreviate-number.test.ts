import { describe, expect, test } from "bun:test";
import { abbreviateNumber } from "./abbreviate-number.ts";

describe("abbreviateNumber", () => {
  test("keeps numbers under 1,000 as they are", () => {
    expect(abbreviateNumber(0)).toBe("0");
    expect(abbreviateNumber(7)).toBe("7");
    expect(abbreviateNumber(999)).toBe("999");
  });

  test("K, M, B and T from their thresholds, with one decimal", () => {
    expect(abbreviateNumber(1000)).toBe("1K");
    expect(abbreviateNumber(1500)).toBe("1.5K");
    expect(abbreviateNumber(12_345)).toBe("12.3K");
    expect(abbreviateNumber(1_000_000)).toBe("1M");
    expect(abbreviateNumber(2_460_000)).toBe("2.5M");
    expect(abbreviateNumber(1_000_000_000)).toBe("1B");
    expect(abbreviateNumber(7_250_000_000_000)).toBe("7.3T");
  });

  test("a value that rounds to 1000 of a unit moves to the next unit", () => {
    expect(abbreviateNumber(999_960)).toBe("1M");
    expect(abbreviateNumber(950_000)).toBe("950K");
    expect(abbreviateNumber(999.96)).toBe("1K");
  });

  test("T is the largest unit", () => {
    expect(abbreviateNumber(5e15)).toBe("5000T");
  });

  test("negative numbers keep their sign", () => {
    expect(abbreviateNumber(-1500)).toBe("-1.5K");
    expect(abbreviateNumber(-20)).toBe("-20");
    expect(abbreviateNumber(-0.01)).toBe("0");
  });

  test("a locale's decimal separator", () => {
    expect(abbreviateNumber(1500, ",")).toBe("1,5K");
  });
});
