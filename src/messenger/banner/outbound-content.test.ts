import { describe, expect, test } from "bun:test";
import {
  type ActionMessage,
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
    const asked: Array<[Record<string, unknown>, ActionMessage]> = [
      [
        { action: "start-conversation", botId: "b1" },
        { name: "start-conversation", data: { botId: "b1" } },
      ],
      [{ action: "start-conversation" }, { name: "start-conversation", data: { botId: "" } }],
      [
        { action: "start-custom-action", customAction: "upgrade" },
        { name: "start-custom-action", data: { action: "upgrade" } },
      ],
      [
        { action: "open-url", url: "/pricing" },
        { name: "open-url", data: "/pricing", newTab: false },
      ],
      [
        { action: "show-form", formId: "f1" },
        { name: "show-form", data: { formId: "f1" } },
      ],
      [
        { action: "show-survey", formId: "s1", surveyFormat: "survey_full" },
        { name: "show-survey", data: { formId: "s1", surveyFormat: "survey_full" } },
      ],
      [
        { action: "show-news-article", articleId: "n1" },
        { name: "show-news-article", data: { articleId: "n1" } },
      ],
      [
        { action: "show-help-article", articleId: "h1" },
        { name: "show-help-article", data: { articleId: "h1" } },
      ],
      [
        { action: "show-checklist", checklistId: "c1", sharedKey: "k" },
        { name: "show-checklist", data: { checklistId: "c1", sharedKey: "k" } },
      ],
    ];
    for (const [button, expected] of asked) expect(message(button)).toEqual(expected);
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
