import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { textsFor } from "../../shared/widget-language.ts";

/**
 * The outbox notice's words in the widget's languages (English, German and Arabic, the messenger's;
 * others English). A project overrides each by its key in `staticTranslations`, as the checklist's.
 */
const texts = {
  en: {
    reportWaiting: "Your feedback is saved on this device and will be sent when you are back online.",
    reportSent: "Your feedback was sent. Thank you!",
    reportNoticeClose: "Close",
  },
  de: {
    reportWaiting:
      "Ihr Feedback ist auf diesem Gerät gespeichert und wird gesendet, sobald Sie wieder online sind.",
    reportSent: "Ihr Feedback wurde gesendet. Vielen Dank!",
    reportNoticeClose: "Schließen",
  },
  ar: {
    reportWaiting: "تم حفظ ملاحظاتك على هذا الجهاز وسيتم إرسالها فور عودة الاتصال.",
    reportSent: "تم إرسال ملاحظاتك. شكرًا لك!",
    reportNoticeClose: "إغلاق",
  },
};

export type ReportTextKey = keyof (typeof texts)["en"];
export type ReportTexts = Record<ReportTextKey, string>;

export function reportTexts(
  language: string,
  flowConfig: Pick<FlowConfig, "staticTranslations">,
): ReportTexts {
  const own = textsFor(texts, language);
  const overrides = flowConfig.staticTranslations ?? {};
  const pick = (key: ReportTextKey) =>
    typeof overrides[key] === "string" && overrides[key] !== "" ? overrides[key] : own[key];
  return {
    reportWaiting: pick("reportWaiting"),
    reportSent: pick("reportSent"),
    reportNoticeClose: pick("reportNoticeClose"),
  };
}
