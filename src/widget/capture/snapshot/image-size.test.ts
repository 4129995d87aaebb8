import { describe, expect, test } from "bun:test";
import { encodingFor, fitWithin, imageLimits, readableSource } from "./image-size.ts";

describe("resize maths", () => {
  test("a large picture fits within 500×500 and keeps its aspect ratio", () => {
    expect(fitWithin(2000, 1000, 500, 500)).toEqual({ width: 500, height: 250 });
    expect(fitWithin(1000, 2000, 500, 500)).toEqual({ width: 250, height: 500 });
    expect(fitWithin(1200, 1200, 500, 500)).toEqual({ width: 500, height: 500 });
  });

  test("a picture already within the box keeps its size (never enlarged)", () => {
    expect(fitWithin(300, 200, 500, 500)).toEqual({ width: 300, height: 200 });
  });

  test("canvases get 1400×1400", () => {
    expect(fitWithin(2800, 1400, imageLimits.canvas, imageLimits.canvas)).toEqual({
      width: 1400,
      height: 700,
    });
  });

  test("sizes are whole pixels, at least one; an empty picture has no size", () => {
    expect(fitWithin(5000, 3, 500, 500)).toEqual({ width: 500, height: 1 });
    expect(fitWithin(333, 777, 500, 500)).toEqual({ width: 214, height: 500 });
    expect(fitWithin(0, 100, 500, 500)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(Number.NaN, 100, 500, 500)).toEqual({ width: 0, height: 0 });
  });

  test("JPEG sources stay JPEG at quality 0.7; everything else is PNG", () => {
    expect(encodingFor("https://cdn.example/photo.JPG?w=800")).toEqual({ type: "image/jpeg", quality: 0.7 });
    expect(encodingFor("data:image/jpeg;base64,AAAA")).toEqual({ type: "image/jpeg", quality: 0.7 });
    expect(encodingFor("/img/logo.png")).toEqual({ type: "image/png" });
    expect(encodingFor("/img/jpeg-guide.png")).toEqual({ type: "image/png" });
    expect(encodingFor("/img/icon.svg")).toEqual({ type: "image/png" });
  });

  test("only pictures a canvas can read back are inlined", () => {
    const page = "https://shop.example";
    expect(readableSource("/a.png", page, null)).toBe(true);
    expect(readableSource("https://shop.example/a.png", page, null)).toBe(true);
    expect(readableSource("data:image/png;base64,AA", page, null)).toBe(true);
    expect(readableSource("blob:https://shop.example/1", page, null)).toBe(true);
    expect(readableSource("https://cdn.example/a.png", page, null)).toBe(false);
    expect(readableSource("https://cdn.example/a.png", page, "anonymous")).toBe(true);
  });
});
