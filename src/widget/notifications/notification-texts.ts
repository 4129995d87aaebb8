import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { textsFor } from "../../shared/widget-language.ts";

/** The stack's own words, in the widget's language (English, German or Arabic; others English); the project may override them. */
const texts = {
  en: {
    region: "Notifications",
    dismiss: "Close notifications",
    next: "Next",
    done: "Done",
    page: (current: number, total: number) => `${current} / ${total}`,
    pageLabel: (current: number, total: number) => `News ${current} of ${total}`,
    progress: (percent: number) => `${percent}% done`,
  },
  de: {
    region: "Benachrichtigungen",
    dismiss: "Benachrichtigungen schließen",
    next: "Weiter",
    done: "Fertig",
    page: (current: number, total: number) => `${current} / ${total}`,
    pageLabel: (current: number, total: number) => `Neuigkeit ${current} von ${total}`,
    progress: (percent: number) => `${percent} % erledigt`,
  },
  ar: {
    region: "الإشعارات",
    dismiss: "إغلاق الإشعارات",
    next: "التالي",
    done: "تم",
    page: (current: number, total: number) => `${current} / ${total}`,
    pageLabel: (current: number, total: number) => `الخبر ${current} من ${total}`,
    progress: (percent: number) => `اكتمل ${percent}٪`,
  },
};

export type NotificationTexts = (typeof texts)["en"];

/** The texts for a language, with the project's static translations for `next`, `done` and `dismiss`. */
export function notificationTexts(language: string, flowConfig: FlowConfig): NotificationTexts {
  const own = textsFor(texts, language);
  const overrides = flowConfig.staticTranslations ?? {};
  const pick = (key: "next" | "done" | "dismiss") =>
    typeof overrides[key] === "string" && overrides[key] !== "" ? overrides[key] : own[key];
  return { ...own, next: pick("next"), done: pick("done"), dismiss: pick("dismiss") };
}
