import { afterEach, describe, expect, test } from "bun:test";
import { canvasColor, overWhite, parseColor } from "./page-background.ts";

afterEach(() => {
  document.documentElement.removeAttribute("style");
  document.body.removeAttribute("style");
});

describe("the page's background colour", () => {
  test("computed colours are read with their alpha", () => {
    expect(parseColor("rgb(253, 252, 247)")).toEqual({ red: 253, green: 252, blue: 247, alpha: 1 });
    expect(parseColor("rgba(0, 0, 0, 0)")).toEqual({ red: 0, green: 0, blue: 0, alpha: 0 });
    expect(parseColor("rgb(10 20 30 / 50%)")).toEqual({ red: 10, green: 20, blue: 30, alpha: 0.5 });
    expect(parseColor("color(display-p3 1 0 0)")).toBeNull();
  });

  test("a translucent colour is laid over white, since a JPEG has no transparency", () => {
    expect(overWhite("rgba(0, 0, 0, 0.5)")).toBe("rgb(128, 128, 128)");
    expect(overWhite("rgb(52, 85, 219)")).toBe("rgb(52, 85, 219)");
    expect(overWhite("nonsense")).toBe("#ffffff");
  });

  test("the root's colour first, else the body's, which the browser paints across the page, else white", () => {
    expect(canvasColor(window as unknown as Window)).toBe("#ffffff");
    document.body.style.backgroundColor = "rgb(253, 252, 247)";
    expect(canvasColor(window as unknown as Window)).toBe("rgb(253, 252, 247)");
    document.documentElement.style.backgroundColor = "rgb(34, 34, 59)";
    expect(canvasColor(window as unknown as Window)).toBe("rgb(34, 34, 59)");
  });
});
