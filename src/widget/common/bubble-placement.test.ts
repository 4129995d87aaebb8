import { describe, expect, test } from "bun:test";
import { bubbleOffset, bubblePlacement, viewportMargin } from "./bubble-placement.ts";

const target = { left: 100, top: 200, width: 300, height: 40 };

describe("bubblePlacement beside a tooltip (left or right preferred)", () => {
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

describe("bubblePlacement beside a tour step (below preferred)", () => {
  const viewport = { width: 1200, height: 800 };
  const popover = { width: 280, height: 150 };

  test("below the element, 10 px away, centred on it", () => {
    const element = { left: 400, top: 100, width: 200, height: 40 };
    expect(bubblePlacement(element, popover, viewport, "bottom")).toEqual({
      left: 500 - 140,
      top: 150,
      side: "bottom",
      arrow: 140,
    });
  });

  test("above when there is no room below", () => {
    const low = { left: 400, top: 700, width: 200, height: 40 };
    expect(bubblePlacement(low, popover, viewport, "bottom")).toMatchObject({
      side: "top",
      top: 700 - 10 - 150,
    });
  });

  test("beside an element too tall for either, on the side with room", () => {
    const tall = { left: 40, top: 20, width: 300, height: 760 };
    expect(bubblePlacement(tall, popover, viewport, "bottom")).toMatchObject({ side: "right", left: 350 });
    const tallRight = { left: 860, top: 20, width: 300, height: 760 };
    expect(bubblePlacement(tallRight, popover, viewport, "bottom")).toMatchObject({
      side: "left",
      left: 860 - 10 - 280,
    });
  });

  test("near the window's left edge: shifted inside, the arrow still under the element", () => {
    const corner = { left: 22, top: 60, width: 120, height: 40 };
    const placement = bubblePlacement(corner, popover, viewport, "bottom");
    expect(placement.left).toBe(viewportMargin);
    expect(placement.arrow).toBe(82 - viewportMargin);
  });
});
