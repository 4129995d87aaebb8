import { describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "./widget-config-api.ts";
import { baseLanguage, isRightToLeftLanguage, projectIsRightToLeft } from "./widget-language.ts";

describe("widget language rules", () => {
  test("texts are keyed by the base subtag", () => {
    expect(baseLanguage("de-AT")).toBe("de");
    expect(baseLanguage("PT_br")).toBe("pt");
  });

  test("right-to-left languages by their base subtag", () => {
    expect(isRightToLeftLanguage("ar-EG")).toBe(true);
    expect(isRightToLeftLanguage("he")).toBe(true);
    expect(isRightToLeftLanguage("de")).toBe(false);
  });

  test("the project's rtl option", () => {
    expect(projectIsRightToLeft(defaultFlowConfig)).toBe(false);
    expect(projectIsRightToLeft({ localizationOptions: { language: "ar", rtl: true } })).toBe(true);
  });
});
