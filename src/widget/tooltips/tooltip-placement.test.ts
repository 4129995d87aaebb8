import { describe, expect, test } from "bun:test";
import { hotspotPosition, hotspotSize } from "./tooltip-placement.ts";

const target = { left: 100, top: 200, width: 300, height: 40 };
const config = { posX: "right", posY: "center", offsetX: 4, offsetY: 0 } as const;

describe("hotspotPosition", () => {
  test("right of the element, vertically centred, offset 4 by default", () => {
    expect(hotspotPosition(target, null, config)).toEqual({ left: 404, top: 200 + 20 - hotspotSize / 2 });
  });

  test("after the text when the text is narrower than the element's box", () => {
    expect(hotspotPosition(target, 120, config).left).toBe(100 + 120 + 4);
    // Text wider than the box (overflowing): the box counts.
    expect(hotspotPosition(target, 500, config).left).toBe(404);
  });

  test("left, top and bottom with both offsets", () => {
    expect(hotspotPosition(target, null, { posX: "left", posY: "top", offsetX: 6, offsetY: 2 })).toEqual({
      left: 100 - 6 - hotspotSize,
      top: 202,
    });
    expect(
      hotspotPosition(target, null, { posX: "right", posY: "bottom", offsetX: 0, offsetY: -1 }).top,
    ).toBe(200 + 40 - hotspotSize - 1);
  });
});
