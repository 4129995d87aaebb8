import { describe, expect, test } from "bun:test";
import { sessionRetryDelayMs } from "./backoff.ts";

describe("sessionRetryDelayMs", () => {
  test.each([
    [1, 10_000],
    [2, 40_000],
    [3, 90_000],
    [4, 160_000],
  ])("attempt %d waits 10·n² seconds (%d ms)", (attempt, expected) => {
    expect(sessionRetryDelayMs(attempt)).toBe(expected);
  });

  test("the delay grows with every attempt", () => {
    const delays = [1, 2, 3, 4, 5].map(sessionRetryDelayMs);
    expect(delays).toEqual([10_000, 40_000, 90_000, 160_000, 250_000]);
  });
});
