import { describe, expect, test } from "bun:test";
import {
  bubbleOffset,
  bubblePlacement,
  hotspotPosition,
  hotspotSize,
  viewportMargin,
} from "./tooltip-placement.ts";

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

describe("bubblePlacement", () => {
  const viewport = { width: 1200, height: 800 };
  const bubble = { width: 260, height: 100 };

  test("on the preferred side, 10 px away, centred on the anchor with the arrow at its middle", () => {
    expect(bubblePlacement(target, bubble, viewport, "right")).toEqual({
      left: 400 + bubbleOffset,
      top: 220 - 50,
      side: "right",
      arrow: 50,
    });
    const middle = { left: 500, top: 200, width: 300, height: 40 };
    expect(bubblePlacement(middle, bubble, viewport, "left")).toMatchObject({
      left: 500 - 10 - 260,
      side: "left",
    });
  });

  test("flips to the other side when the preferred one has no room", () => {
    const nearRight = { left: 1000, top: 200, width: 100, height: 40 };
    expect(bubblePlacement(nearRight, bubble, viewport, "right")).toMatchObject({
      side: "left",
      left: 1000 - 10 - 260,
    });
    const nearLeft = { left: 20, top: 200, width: 100, height: 40 };
    expect(bubblePlacement(nearLeft, bubble, viewport, "left")).toMatchObject({ side: "right", left: 130 });
  });

  test("below (or above) when neither side has room, kept inside the window", () => {
    const phone = { width: 390, height: 700 };
    const wide = { left: 20, top: 100, width: 350, height: 30 };
    const below = bubblePlacement(wide, bubble, phone, "right");
    expect(below).toMatchObject({ side: "bottom", top: 140, left: 20 + 175 - 130, arrow: 130 });
    const atEdge = { left: 200, top: 100, width: 180, height: 30 };
    // Pushed back inside the window; the arrow moves along to stay on the anchor.
    expect(bubblePlacement(atEdge, bubble, phone, "right")).toMatchObject({
      left: 390 - viewportMargin - 260,
      arrow: 290 - (390 - viewportMargin - 260),
    });
    const low = { left: 20, top: 640, width: 350, height: 30 };
    expect(bubblePlacement(low, bubble, phone, "right")).toMatchObject({ side: "top", top: 640 - 10 - 100 });
  });

  test("shifted down from the top edge, the arrow still on the anchor", () => {
    const high = { left: 100, top: 0, width: 50, height: 20 };
    const placement = bubblePlacement(high, bubble, viewport, "right");
    expect(placement.top).toBe(viewportMargin);
    expect(placement.arrow).toBe(14);
  });
});
