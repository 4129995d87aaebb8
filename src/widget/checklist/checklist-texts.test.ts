import { describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { checklistTexts } from "./checklist-texts.ts";

describe("checklist texts", () => {
  test("English, German and Arabic by the base subtag; anything else English", () => {
    expect(checklistTexts("en-US", defaultFlowConfig)("taskProgress", { a: 1, b: 3 })).toBe("1 of 3 done");
    expect(checklistTexts("de-AT", defaultFlowConfig)("taskProgress", { a: 1, b: 3 })).toBe(
      "1 von 3 erledigt",
    );
    expect(checklistTexts("ar-EG", defaultFlowConfig)("taskProgress", { a: 1, b: 3 })).toBe("1 من 3 مكتملة");
    expect(checklistTexts("ar", defaultFlowConfig)("stepDefaultTitle", { index: 2 })).toBe("الخطوة 2");
    expect(checklistTexts("fr", defaultFlowConfig)("markAsDone")).toBe("Mark as done");
  });

  test("the project's static translations win", () => {
    const texts = checklistTexts("ar", { staticTranslations: { markAsDone: "تم!" } });
    expect(texts("markAsDone")).toBe("تم!");
  });
});
