import { describe, expect, test } from "bun:test";
import { parseExposition, quantileBound } from "./server-metrics-reading.ts";

describe("reading the server's histograms", () => {
  test("the p99's bucket of what was observed between two readings, not since the start", () => {
    const before: Array<[number, number]> = [
      [0.001, 100],
      [0.01, 100],
      [0.1, 1000],
      [Number.POSITIVE_INFINITY, 1000],
    ];
    // 200 more: 150 under 1 ms, 49 under 10 ms, 1 above 100 ms.
    const after: Array<[number, number]> = [
      [0.001, 250],
      [0.01, 299],
      [0.1, 1199],
      [Number.POSITIVE_INFINITY, 1200],
    ];
    expect(quantileBound(before, after, 0.5)).toBe(0.001);
    expect(quantileBound(before, after, 0.99)).toBe(0.01);
    expect(quantileBound(before, after, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(quantileBound(after, after, 0.99)).toBeNull();
  });

  test("an exposition's samples keep their labels, `le` among them", () => {
    const series = parseExposition(
      ["# TYPE x_seconds histogram", 'x_seconds_bucket{le="0.005"} 3', 'x_seconds_bucket{le="+Inf"} 4'].join(
        "\n",
      ),
    );
    expect(series).toEqual([
      { name: "x_seconds_bucket", labels: { le: "0.005" }, value: 3 },
      { name: "x_seconds_bucket", labels: { le: "+Inf" }, value: 4 },
    ]);
  });
});
