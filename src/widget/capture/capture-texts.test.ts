import { describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { captureTexts } from "./capture-texts.ts";

const specKeys = [
  "accessToScreenSharingDenied",
  "browserNotSupported",
  "startRecording",
  "stopRecording",
  "mute",
  "unmute",
  "pickAColor",
  "undo",
  "retry",
  "next",
  "done",
  "dismiss",
] as const;

describe("capture texts", () => {
  test("every translation key of spec §8 exists in English and German", () => {
    const en = captureTexts("en-us", defaultFlowConfig);
    const de = captureTexts("de-de", defaultFlowConfig);
    for (const key of specKeys) {
      expect(en[key].length).toBeGreaterThan(0);
      expect(de[key].length).toBeGreaterThan(0);
    }
    expect(en.next).toBe("Next");
    expect(de.next).toBe("Weiter");
    expect(de.undo).toBe("Rückgängig");
  });

  test("Arabic has every text of the editor", () => {
    const en = captureTexts("en", defaultFlowConfig);
    const ar = captureTexts("ar-SA", defaultFlowConfig);
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect(ar[key].length).toBeGreaterThan(0);
      expect(ar[key]).not.toBe(en[key]);
    }
    expect(ar.startRecording).toBe("بدء التسجيل");
  });

  test("other languages get English", () => {
    expect(captureTexts("fr", defaultFlowConfig).retry).toBe("Retry");
    expect(captureTexts("constructor", defaultFlowConfig).retry).toBe("Retry");
  });

  test("the project's static translations override them, key by key", () => {
    const texts = captureTexts("de", {
      staticTranslations: { next: "Senden", accessToScreenSharingDenied: "Kein Zugriff.", retry: "  " },
    });
    expect(texts.next).toBe("Senden");
    expect(texts.accessToScreenSharingDenied).toBe("Kein Zugriff.");
    // An empty override is no override.
    expect(texts.retry).toBe("Wiederholen");
  });
});
