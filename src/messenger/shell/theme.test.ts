import { describe, expect, test } from "bun:test";
import { themeOf, themeStyle } from "./theme.ts";

describe("theme", () => {
  test("the reference's defaults, and each colour from the config", () => {
    expect(themeOf(null)).toEqual({
      brand: "#485BFF",
      header: "#485BFF",
      button: "#485BFF",
      background: "#FFFFFF",
      radius: 20,
    });
    expect(themeOf({ color: "#0B7A75", headerColor: "#000", buttonColor: "bad", borderRadius: 99 })).toEqual({
      brand: "#0B7A75",
      header: "#000",
      button: "#0B7A75",
      background: "#FFFFFF",
      radius: 28,
    });
  });

  test("text on each colour is readable; radii follow the config's", () => {
    const style = themeStyle(
      themeOf({ color: "#FFFFFF", headerColor: "#222222", borderRadius: 0 }),
    ) as Record<string, string>;
    expect(style["--on-brand"]).toBe("#161a2e");
    expect(style["--on-header"]).toBe("#ffffff");
    expect(style["--config-text"]).toBe("#161a2e");
    expect(style["--radius-lg"]).toBe("0px");
  });
});
