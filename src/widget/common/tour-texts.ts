import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { textsFor } from "../../shared/widget-language.ts";

/**
 * The popover's own words, in the widget's language (English, German or Arabic; others English). A tour's `nextText`,
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
  ar: {
    tour: "جولة تعريفية",
    next: "التالي",
    back: "السابق",
    done: "تم",
    close: "إغلاق الجولة",
    unmute: "تشغيل الصوت",
    mute: "إيقاف الصوت",
    progress: (current: number, total: number) => `${current} من ${total}`,
  },
};

export type TourTexts = (typeof texts)["en"];

export function tourTexts(language: string, flowConfig: FlowConfig): TourTexts {
  const own = textsFor(texts, language);
  const overrides = flowConfig.staticTranslations ?? {};
  const pick = (key: "next" | "done") =>
    typeof overrides[key] === "string" && overrides[key] !== "" ? overrides[key] : own[key];
  return { ...own, next: pick("next"), done: pick("done") };
}
