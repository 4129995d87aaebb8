import { describe, expect, test } from "bun:test";
import { averagePoint, extendStroke, startStroke } from "./smoothing.ts";

describe("pen smoothing", () => {
  test("a stroke starts with a move to the first point", () => {
    expect(startStroke({ x: 10, y: 20 })).toEqual({
      base: "M10 20",
      buffer: [{ x: 10, y: 20 }],
      d: "M10 20",
    });
  });

  test("an even, not yet full buffer draws nothing (the reference waits for an odd count or four points)", () => {
    expect(
      averagePoint(
        [
          { x: 0, y: 0 },
          { x: 2, y: 2 },
        ],
        0,
      ),
    ).toBeNull();
    expect(averagePoint([{ x: 0, y: 0 }], 0)).toEqual({ x: 0, y: 0 });
    expect(
      averagePoint(
        [
          { x: 0, y: 0 },
          { x: 3, y: 3 },
          { x: 6, y: 0 },
        ],
        0,
      ),
    ).toEqual({ x: 3, y: 1 });
    expect(
      averagePoint(
        [
          { x: 0, y: 0 },
          { x: 3, y: 3 },
          { x: 6, y: 0 },
          { x: 9, y: 9 },
        ],
        2,
      ),
    ).toEqual({
      x: 7.5,
      y: 4.5,
    });
  });

  test("each move appends the buffer's average; the tail runs through the averages of its later halves", () => {
    let stroke = startStroke({ x: 0, y: 0 });
    stroke = extendStroke(stroke, { x: 10, y: 0 });
    // Two points: even and not full, nothing drawn yet.
    expect(stroke.d).toBe("M0 0");
    stroke = extendStroke(stroke, { x: 20, y: 0 });
    // Three points: their average (10, 0), and the tail through the average of point 3 alone.
    expect(stroke.d).toBe("M0 0 L10 0 L20 0");
    stroke = extendStroke(stroke, { x: 30, y: 30 });
    // Four points (full): average (15, 7.5) committed; tail through the average of points 3 and 4.
    expect(stroke.base).toBe("M0 0 L10 0 L15 7.5");
    expect(stroke.d).toBe("M0 0 L10 0 L15 7.5 L25 15");
  });

  test("the buffer keeps the last four points only", () => {
    let stroke = startStroke({ x: 0, y: 0 });
    for (let i = 1; i <= 10; i++) stroke = extendStroke(stroke, { x: i, y: i });
    expect(stroke.buffer).toEqual([
      { x: 7, y: 7 },
      { x: 8, y: 8 },
      { x: 9, y: 9 },
      { x: 10, y: 10 },
    ]);
    // A jittery zig-zag is flattened: every committed point is an average of four.
    let zigzag = startStroke({ x: 0, y: 0 });
    for (let i = 1; i <= 8; i++) zigzag = extendStroke(zigzag, { x: i * 10, y: i % 2 === 0 ? 0 : 10 });
    const ys = zigzag.base
      .split(" L")
      .slice(3)
      .map((pair) => Number(pair.split(" ")[1]));
    for (const y of ys) expect(y).toBe(5);
  });

  test("coordinates keep one decimal", () => {
    const stroke = extendStroke(startStroke({ x: 0.123, y: 0.456 }), { x: 1, y: 1 });
    expect(stroke.base).toBe("M0.1 0.5");
    expect(extendStroke(stroke, { x: 1.0001, y: 2 }).d).toBe("M0.1 0.5 L0.7 1.2 L1 2");
  });
});
