import { describe, expect, test } from "bun:test";
import { cropFor, scrollableArea } from "./page-area.ts";

describe("the page area the picture is cut from", () => {
  const screen = { width: 1000, height: 700 };

  test("a left-to-right page spans from its top left corner over its scroll size", () => {
    const metrics = { scrollWidth: 1800, scrollHeight: 4000, clientWidth: 1000, rightToLeft: false };
    expect(scrollableArea(metrics, { x: 700, y: 900, ...screen })).toEqual({
      x: 0,
      y: 0,
      width: 1800,
      height: 4000,
    });
  });

  test("a right-to-left page starts left of zero, where it scrolls to with a negative scrollX", () => {
    const metrics = { scrollWidth: 1548, scrollHeight: 800, clientWidth: 1000, rightToLeft: true };
    expect(scrollableArea(metrics, { x: -250, y: 0, ...screen })).toEqual({
      x: -548,
      y: 0,
      width: 1548,
      height: 800,
    });
  });

  test("the area always holds the region, even when the page shrank since", () => {
    const metrics = { scrollWidth: 1000, scrollHeight: 500, clientWidth: 1000, rightToLeft: false };
    expect(scrollableArea(metrics, { x: 0, y: 300, ...screen })).toEqual({
      x: 0,
      y: 0,
      width: 1000,
      height: 1000,
    });
  });

  test("the crop is the region moved into the rendered copy, whose clip starts at the content origin", () => {
    const area = { x: -548, y: 0, width: 1548, height: 800 };
    expect(cropFor({ contentX: 0, contentY: 0 }, area, { x: -250, y: 0, ...screen })).toEqual({
      x: 298,
      y: 0,
      ...screen,
    });
    expect(
      cropFor(
        { contentX: 2, contentY: 2 },
        { x: 0, y: 0, width: 1000, height: 4000 },
        { x: 0, y: 900, ...screen },
      ),
    ).toEqual({ x: 2, y: 902, ...screen });
  });
});
