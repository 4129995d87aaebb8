import { describe, expect, test } from "bun:test";
import { brightness, darkText, lightText, textColorFor } from "./text-colour.ts";

describe("brightness and text colour (spec §9: dark from 160)", () => {
  test("brightness is 0.299R + 0.587G + 0.114B on 0..255", () => {
    expect(brightness("#000000")).toBe(0);
    expect(brightness("#ffffff")).toBeCloseTo(255, 6);
    expect(brightness("#485BFF")).toBeCloseTo(0.299 * 72 + 0.587 * 91 + 0.114 * 255, 6);
    expect(brightness("#FFE000")).toBeCloseTo(0.299 * 255 + 0.587 * 224, 6);
  });

  test("reads #rgb, #rrggbb, #rrggbbaa, a missing # and rgb()", () => {
    expect(brightness("#fff")).toBeCloseTo(255, 6);
    expect(brightness("fff")).toBeCloseTo(255, 6);
    expect(brightness("#ff000080")).toBeCloseTo(0.299 * 255, 6);
    expect(brightness("rgb(0, 255, 0)")).toBeCloseTo(0.587 * 255, 6);
    expect(brightness("rgba(0 0 255 / 50%)")).toBeCloseTo(0.114 * 255, 6);
    expect(brightness("  #FFFFFF ")).toBeCloseTo(255, 6);
  });

  test("anything else is not a readable colour", () => {
    for (const value of ["", "red", "#ggg", "#12345", "var(--x)"]) expect(brightness(value)).toBeNull();
  });

  test("160 or more gives dark text, below it white", () => {
    expect(textColorFor("#a0a0a0")).toBe(darkText); // exactly 160
    expect(textColorFor("#9f9f9f")).toBe(lightText); // 159
    expect(textColorFor("#FFE000")).toBe(darkText);
    expect(textColorFor("#ffffff")).toBe(darkText);
    expect(textColorFor("#485BFF")).toBe(lightText);
    expect(textColorFor("#000")).toBe(lightText);
    expect(darkText).toBe("#161a2e");
  });

  test("an unreadable colour keeps white text", () => {
    expect(textColorFor("hotpink")).toBe(lightText);
  });
});
