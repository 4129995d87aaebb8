import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { baseLanguage, isRightToLeftLanguage, projectIsRightToLeft } from "../../shared/widget-language.ts";

/**
 * The popover's own words, in the widget's language (English unless German). A tour's `nextText`,
 * `prevText` and `doneText` win over these, then the project's static translations (spec §3).
 */
const texts = {
  en: {
    tour: "Product tour",
    next: "Next",
    back: "Back",
    done: "Done",
    close: "Close the tour",
    unmute: "Turn the sound on",
    mute: "Turn the sound off",
    progress: (current: number, total: number) => `${current} of ${total}`,
  },
  de: {
    tour: "Produkttour",
    next: "Weiter",
    back: "Zurück",
    done: "Fertig",
    close: "Tour schließen",
    unmute: "Ton einschalten",
    mute: "Ton ausschalten",
    progress: (current: number, total: number) => `${current} von ${total}`,
  },
};

export type TourTexts = (typeof texts)["en"];

/** The popover mirrors for a right-to-left language, as the messenger does, or when the project says `rtl`. */
export function isRightToLeft(language: string, flowConfig: FlowConfig): boolean {
  return projectIsRightToLeft(flowConfig) || isRightToLeftLanguage(language);
}

export function tourTexts(language: string, flowConfig: FlowConfig): TourTexts {
  const own = baseLanguage(language) === "de" ? texts.de : texts.en;
  const overrides = flowConfig.staticTranslations ?? {};
  const pick = (key: "next" | "done") =>
    typeof overrides[key] === "string" && overrides[key] !== "" ? overrides[key] : own[key];
  return { ...own, next: pick("next"), done: pick("done") };
}
