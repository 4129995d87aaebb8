import { describe, expect, test } from "bun:test";
import { cropFor, scrollableArea } from "./page-area.ts";

describe("the page area the picture is cut from", () => {
  const screen = { width: 1000, height: 700 };

  const areaCases: Array<
    [
      string,
      Parameters<typeof scrollableArea>[0],
      { x: number; y: number },
      ReturnType<typeof scrollableArea>,
    ]
  > = [
    [
      "a left-to-right page spans from its top left corner over its scroll size",
      { scrollWidth: 1800, scrollHeight: 4000, clientWidth: 1000, rightToLeft: false },
      { x: 700, y: 900 },
      { x: 0, y: 0, width: 1800, height: 4000 },
    ],
    [
      "a right-to-left page starts left of zero, where it scrolls to with a negative scrollX",
      { scrollWidth: 1548, scrollHeight: 800, clientWidth: 1000, rightToLeft: true },
      { x: -250, y: 0 },
      { x: -548, y: 0, width: 1548, height: 800 },
    ],
    [
      "the area always holds the region, even when the page shrank since",
      { scrollWidth: 1000, scrollHeight: 500, clientWidth: 1000, rightToLeft: false },
      { x: 0, y: 300 },
      { x: 0, y: 0, width: 1000, height: 1000 },
    ],
  ];
  test.each(areaCases)("%s", (_name, metrics, scrolled, expected) => {
    expect(scrollableArea(metrics, { ...scrolled, ...screen })).toEqual(expected);
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
