import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../shared/test-support/answer-cases.ts";
import { defaultFlowConfig, type FlowConfig } from "../../shared/widget-config-api.ts";
import {
  badgeText,
  launcherLabel,
  modernRadius,
  offset,
  placementFor,
  tabRadius,
  tabText,
  translate,
} from "./launcher-model.ts";

describe("badgeText", () => {
  test("hidden at 0 and below, the count up to 9, then 9+", () => {
    expectAnswers(badgeText, [
      [0, ""],
      [-3, ""],
      [Number.NaN, ""],
      [1, "1"],
      [9, "9"],
      [10, "9+"],
      [250, "9+"],
      [2.7, "2"],
    ]);
  });
});

describe("placementFor", () => {
  const cases: Array<[string, string | null, string | null]> = [
    // position, left-to-right, right-to-left
    ["BOTTOM_RIGHT", "modern right", "modern left"],
    ["BOTTOM_LEFT", "modern left", "modern right"],
    ["BUTTON_CLASSIC", "tab right", "tab left"],
    ["BUTTON_CLASSIC_LEFT", "tab left", "tab right"],
    ["BUTTON_CLASSIC_BOTTOM", "bottom-tab right", "bottom-tab left"],
    ["BUTTON_NONE", null, null],
    // An unknown value draws the default button rather than nothing.
    ["SOMEWHERE", "modern right", "modern left"],
  ];
  for (const [position, ltr, rtl] of cases) {
    test(`${position}: ${ltr ?? "nothing"}; right to left: ${rtl ?? "nothing"}`, () => {
      const show = (rtlLayout: boolean) => {
        const placement = placementFor(position, rtlLayout);
        return placement ? `${placement.kind} ${placement.edge}` : null;
      };
      expect(show(false)).toBe(ltr);
      expect(show(true)).toBe(rtl);
    });
  }
});

describe("texts", () => {
  const config = (more: Partial<FlowConfig> = {}): FlowConfig => ({ ...defaultFlowConfig, ...more });

  test("English and German, a regional language falls back to its base, others to English", () => {
    expect(translate("Open feedback", "en-us", config())).toBe("Open feedback");
    expect(translate("Open feedback", "de", config())).toBe("Feedback öffnen");
    expect(translate("Close feedback", "de-AT", config())).toBe("Feedback schließen");
    expect(translate("Open feedback", "fr-fr", config())).toBe("Open feedback");
  });

  test("a project's static translations win", () => {
    const custom = config({ staticTranslations: { "Open feedback": "Ouvrir", Feedback: "Avis" } });
    expect(translate("Open feedback", "de", custom)).toBe("Ouvrir");
    expect(tabText("fr", custom)).toBe("Avis");
  });

  test("the tab text: the reference's widgetButtonText when set, else Feedback", () => {
    expect(tabText("en", config())).toBe("Feedback");
    expect(tabText("en", { ...config(), widgetButtonText: "Tell us" } as FlowConfig)).toBe("Tell us");
    expect(tabText("en", { ...config(), widgetButtonText: "  " } as FlowConfig)).toBe("Feedback");
  });

  test("the label names the action or the tab's text, and the unread messages", () => {
    expect(launcherLabel("modern", false, 0, "en", config())).toBe("Open feedback");
    expect(launcherLabel("modern", true, 0, "en", config())).toBe("Close feedback");
    expect(launcherLabel("modern", false, 1, "en", config())).toBe("Open feedback, 1 unread message");
    expect(launcherLabel("modern", false, 12, "en", config())).toBe("Open feedback, 12 unread messages");
    expect(launcherLabel("modern", false, 3, "de", config())).toBe(
      "Feedback öffnen, 3 ungelesene Nachrichten",
    );
    expect(launcherLabel("modern", false, 1, "de", config())).toBe("Feedback öffnen, 1 ungelesene Nachricht");
    expect(launcherLabel("tab", false, 0, "en", config())).toBe("Feedback");
    expect(launcherLabel("bottom-tab", false, 2, "en", config())).toBe("Feedback, 2 unread messages");
  });
});

describe("geometry", () => {
  test("the modern radius: the default 20 is a circle on 48 px, 0 a square", () => {
    expectAnswers(modernRadius, [
      [20, 24],
      [40, 24],
      [10, 12],
      [0, 0],
      [-5, 0],
      [Number.NaN, 24],
    ]);
  });

  test("the classic tab's radius is 0.4 × borderRadius, as the reference draws it", () => {
    expectAnswers(tabRadius, [
      [20, 8],
      [0, 0],
      [Number.NaN, 8],
    ]);
  });

  test("offsets are whole, non-negative pixels; a bad value is the default 20", () => {
    expectAnswers(offset, [
      [31, 31],
      [12.6, 13],
      [-10, 0],
      ["40" as unknown as number, 40],
      ["x" as unknown as number, 20],
    ]);
  });
});
