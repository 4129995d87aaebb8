import { describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "./widget-config-api.ts";
import {
  baseLanguage,
  chooseWidgetLanguage,
  isRightToLeft,
  isRightToLeftLanguage,
  projectIsRightToLeft,
  projectLanguage,
} from "./widget-language.ts";

const fixedTo = (language: string, rtl = false) => ({ localizationOptions: { language, rtl } });

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

  test("a surface mirrors for a right-to-left language or the project's rtl option", () => {
    expect(isRightToLeft("ar", defaultFlowConfig)).toBe(true);
    expect(isRightToLeft("en", fixedTo("", true))).toBe(true);
    expect(isRightToLeft("en-us", defaultFlowConfig)).toBe(false);
  });

  test("a new project fixes no language: the visitor's browser decides", () => {
    expect(projectLanguage(defaultFlowConfig)).toBeNull();
    expect(projectLanguage(fixedTo("auto"))).toBeNull();
    expect(projectLanguage(fixedTo("AUTO"))).toBeNull();
    expect(projectLanguage(fixedTo("de-AT"))).toBe("de-at");
    expect(projectLanguage(null)).toBeNull();
    expect(projectLanguage({ localizationOptions: "de" })).toBeNull();
    expect(projectLanguage({ localizationOptions: { language: 7 } })).toBeNull();
  });

  test("setLanguage, else the project's fixed language, else the browser's", () => {
    expect(chooseWidgetLanguage(null, defaultFlowConfig, "ar-EG")).toBe("ar-eg");
    expect(chooseWidgetLanguage(null, fixedTo("de"), "ar-EG")).toBe("de");
    expect(chooseWidgetLanguage("ar", fixedTo("de"), "en-US")).toBe("ar");
    // setLanguage always applies, also when it names the browser's own language.
    expect(chooseWidgetLanguage("en-US", fixedTo("de"), "en-US")).toBe("en-us");
    expect(chooseWidgetLanguage("", fixedTo("de"), "en-US")).toBe("de");
    expect(chooseWidgetLanguage(null, null, "")).toBe("en");
  });
});
