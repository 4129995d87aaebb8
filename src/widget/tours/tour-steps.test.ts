import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../shared/test-support/answer-cases.ts";
import type { TourData } from "../../shared/tour-messages.ts";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { isImageSource } from "../common/safe-html.ts";
import { readTourData } from "../common/tour-data.ts";
import { tourTexts } from "../common/tour-texts.ts";
import { advanceOf, fieldValue, inputReady, isTargetClick, stepControls } from "./tour-steps.ts";

const texts = tourTexts("en-us", defaultFlowConfig);

function tour(config: Record<string, unknown>): TourData {
  const data = readTourData(config);
  if (!data) throw new Error("not a tour");
  return data;
}

const threeSteps = tour({
  steps: [
    { selector: "#title" },
    { selector: "#field", mode: "INPUT" },
    { selector: "#save", mode: "CLICK" },
  ],
});

/** The controls of the middle one of three steps, in a widget speaking `language`. */
const middleStepIn = (language: string) =>
  stepControls(threeSteps, 1, 0, tourTexts(language, defaultFlowConfig));

describe("how a step advances", () => {
  test("click and input steps act on their element; without one they have a button", () => {
    expect(threeSteps.steps.map(advanceOf)).toEqual(["button", "input", "click"]);
    const orphan = tour({ steps: [{ mode: "CLICK" }, { mode: "INPUT", selector: "" }] });
    expect(orphan.steps.map(advanceOf)).toEqual(["button", "button"]);
  });
});

describe("stepControls", () => {
  test("progress '{current} of {total}', Back from the second step, Next, and Done on the last", () => {
    expect(stepControls(threeSteps, 0, 0, texts)).toMatchObject({
      progress: "1 of 3",
      back: null,
      primary: "Next",
      isLast: false,
      close: true,
    });
    expect(stepControls(threeSteps, 1, 0, texts)).toMatchObject({
      progress: "2 of 3",
      back: "Back",
      primary: "Next",
    });
  });

  test("a click step has no primary button: its element's click moves it on", () => {
    expect(stepControls(threeSteps, 2, 0, texts)).toMatchObject({
      progress: "3 of 3",
      primary: null,
      isLast: true,
    });
    const lastIsButton = tour({ steps: [{ selector: "#a" }, { selector: "#b" }] });
    expect(stepControls(lastIsButton, 1, 0, texts).primary).toBe("Done");
  });

  test("a resumed tour counts the steps done on earlier pages; Back stays on this page", () => {
    const rest = tour({ steps: [{ selector: "#field", mode: "INPUT" }, { selector: "#save" }] });
    expect(stepControls(rest, 0, 1, texts)).toMatchObject({ progress: "2 of 3", back: null });
    expect(stepControls(rest, 1, 1, texts)).toMatchObject({
      progress: "3 of 3",
      back: "Back",
      primary: "Done",
    });
  });

  test("the tour's own texts and switches win", () => {
    const own = tour({
      steps: [{ selector: "#a" }, { selector: "#b" }],
      nextText: "Weiter so",
      prevText: "Zurück",
      doneText: "Alles klar",
      allowClose: false,
      backButton: false,
    });
    expect(stepControls(own, 0, 0, texts)).toMatchObject({ primary: "Weiter so", close: false });
    expect(stepControls(own, 1, 0, texts)).toMatchObject({ primary: "Alles klar", back: null });
  });

  test("Arabic texts for an Arabic widget", () => {
    expect(middleStepIn("ar")).toMatchObject({
      progress: "2 من 3",
      back: "السابق",
      primary: "التالي",
    });
    expect(tourTexts("ar", defaultFlowConfig).close).toBe("إغلاق الجولة");
  });

  test("one step shows no progress; a post is wide; a video-pointer step shows its video", () => {
    const single = tour({
      steps: [{ type: "post", message: "<p>News</p>" }],
    });
    expect(stepControls(single, 0, 0, texts)).toMatchObject({ progress: null, wide: true, video: null });
    const video = tour({ steps: [{ type: "video-pointer", videoUrl: "https://x.test/v.mp4" }] });
    expect(stepControls(video, 0, 0, texts).video).toBe("https://x.test/v.mp4");
  });

  test("German texts, the project's static translations, right to left", () => {
    expect(middleStepIn("de-DE")).toMatchObject({
      progress: "2 von 3",
      back: "Zurück",
      primary: "Weiter",
    });
    const translated = tourTexts("en", { ...defaultFlowConfig, staticTranslations: { next: "Onward" } });
    expect(translated.next).toBe("Onward");
    expect(isRightToLeft("ar", defaultFlowConfig)).toBe(true);
    expect(isRightToLeft("en", defaultFlowConfig)).toBe(false);
    expect(
      isRightToLeft("en", { ...defaultFlowConfig, localizationOptions: { language: "en", rtl: true } }),
    ).toBe(true);
  });
});

describe("step input rules", () => {
  test("an input step goes on only with text in its field", () => {
    expect(inputReady("")).toBe(false);
    expect(inputReady("   ")).toBe(false);
    expect(inputReady(null)).toBe(false);
    expect(inputReady("milk")).toBe(true);
  });

  test("a click counts on the element or inside it, never elsewhere", () => {
    const button = document.createElement("button");
    const icon = document.createElement("span");
    button.append(icon);
    const elsewhere = document.createElement("div");
    expect(isTargetClick(button, button)).toBe(true);
    expect(isTargetClick(button, icon)).toBe(true);
    expect(isTargetClick(button, elsewhere)).toBe(false);
    expect(isTargetClick(null, button)).toBe(false);
    expect(isTargetClick(button, window)).toBe(false);
  });

  test("a field's value, or an editable element's text", () => {
    const input = document.createElement("input");
    input.value = "typed";
    const editable = document.createElement("div");
    editable.textContent = "written";
    expect(fieldValue(input)).toBe("typed");
    expect(fieldValue(editable)).toBe("written");
  });

  test("images from the web, the host's paths and inline pictures only", () => {
    expectAnswers(isImageSource, [
      ["https://x.test/a.png", true],
      ["/avatar.png", true],
      ["data:image/svg+xml,%3Csvg%3E", true],
      ["//evil.test/a.png", false],
      ["javascript:alert(1)", false],
      ["data:text/html,<b>", false],
    ]);
  });
});
