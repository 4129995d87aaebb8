import { describe, expect, test } from "bun:test";
import { hotspotIconSvg, iconName } from "./tooltip-icons.ts";

describe("hotspot icons", () => {
  test("names are read loosely and aliases lead to their glyph", () => {
    expect(iconName(" Light_Bulb ")).toBe(iconName("bulb"));
    expect(iconName("idea")).toBe("bulb");
  });

  test("an unknown name, or one every object has, is the info icon", () => {
    for (const name of ["nope", "constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(iconName(name)).toBe("info");
      expect(hotspotIconSvg(name)).not.toContain("function");
    }
  });
});
