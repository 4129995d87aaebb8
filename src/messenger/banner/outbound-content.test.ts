import { describe, expect, test } from "bun:test";
import {
  actionMessage,
  applyFrameLanguage,
  frameTexts,
  readButtons,
  safeColor,
  textOn,
} from "./outbound-content.ts";

describe("outbound content", () => {
  test("buttons need a label and a known action; at most three", () => {
    const buttons = readButtons([
      { text: "Go", action: "open-url", url: "https://example.com", newTab: true },
      { text: "", action: "close" },
      { text: "Hack", action: "eval" },
      "nope",
      { text: "Later", action: "close", style: "secondary" },
      { text: "Chat", action: "start-conversation" },
      { text: "Fourth", action: "none" },
    ]);
    expect(buttons.map((button) => [button.text, button.action, button.style])).toEqual([
      ["Go", "open-url", "primary"],
      ["Later", "close", "secondary"],
      ["Chat", "start-conversation", "primary"],
    ]);
    expect(readButtons(null)).toEqual([]);
  });

  test("each action becomes the message of spec §7; close, none and missing ids ask nothing", () => {
    const message = (button: Record<string, unknown>) => {
      const [read] = readButtons([{ text: "x", ...button }]);
      if (!read) throw new Error("no button");
      return actionMessage(read);
    };
    expect(message({ action: "start-conversation", botId: "b1" })).toEqual({
      name: "start-conversation",
      data: { botId: "b1" },
    });
    expect(message({ action: "start-conversation" })).toEqual({
      name: "start-conversation",
      data: { botId: "" },
    });
    expect(message({ action: "start-custom-action", customAction: "upgrade" })).toEqual({
      name: "start-custom-action",
      data: { action: "upgrade" },
    });
    expect(message({ action: "open-url", url: "/pricing" })).toEqual({
      name: "open-url",
      data: "/pricing",
      newTab: false,
    });
    expect(message({ action: "show-form", formId: "f1" })).toEqual({
      name: "show-form",
      data: { formId: "f1" },
    });
    expect(message({ action: "show-survey", formId: "s1", surveyFormat: "survey_full" })).toEqual({
      name: "show-survey",
      data: { formId: "s1", surveyFormat: "survey_full" },
    });
    expect(message({ action: "show-news-article", articleId: "n1" })).toEqual({
      name: "show-news-article",
      data: { articleId: "n1" },
    });
    expect(message({ action: "show-help-article", articleId: "h1" })).toEqual({
      name: "show-help-article",
      data: { articleId: "h1" },
    });
    expect(message({ action: "show-checklist", checklistId: "c1", sharedKey: "k" })).toEqual({
      name: "show-checklist",
      data: { checklistId: "c1", sharedKey: "k" },
    });
    expect(message({ action: "show-form" })).toBeNull();
    expect(message({ action: "close" })).toBeNull();
    expect(message({ action: "none" })).toBeNull();
  });

  test("colours: only hex colours reach the CSS; readable text on them; English or German", () => {
    expect(safeColor("#0a7c5a", "#485BFF")).toBe("#0a7c5a");
    expect(safeColor("red;}body{display:none", "#485BFF")).toBe("#485BFF");
    expect(textOn("#485BFF")).toBe("#FFFFFF");
    expect(textOn("#FFD400")).toBe("#111827");
    expect(frameTexts("de-DE").close).toBe("Schließen");
    expect(frameTexts("en").close).toBe("Close");
  });

  test("an Arabic frame speaks Arabic and mirrors; another language is English, left to right", () => {
    expect(frameTexts("ar-EG")).toEqual({ close: "إغلاق", banner: "إعلان", dialog: "رسالة" });
    expect(frameTexts("fr").close).toBe("Close");
    applyFrameLanguage("ar-EG");
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(["ar", "rtl"]);
    applyFrameLanguage("fr");
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(["en", "ltr"]);
  });
});
