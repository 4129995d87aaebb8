import { checklistDefaultTexts } from "../../shared/checklist-default-texts.ts";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { textsFor } from "../../shared/widget-language.ts";

/**
 * The element's labels: spec §9's defaults ('Step {index}', 'Action', 'Mark as done', 'No steps
 * defined.', '{a} of {b} done', 'About {a} min left') in English, German and Arabic (the messenger's
 * languages), each overridable by the project's static translations under the
 * reference's keys (`taskProgress`, `aboutMinutes`, …) with the same `{a}`, `{b}`, `{index}` slots.
 */
const texts = {
  en: {
    ...checklistDefaultTexts.en,
    successDefaultTitle: "You're all set!",
    successDefaultMessage: "Every step is done.",
    stepDone: "done",
    showSteps: "Show the steps",
  },
  de: {
    ...checklistDefaultTexts.de,
    successDefaultTitle: "Alles erledigt!",
    successDefaultMessage: "Alle Schritte sind erledigt.",
    stepDone: "erledigt",
    showSteps: "Schritte anzeigen",
  },
  ar: {
    ...checklistDefaultTexts.ar,
    successDefaultTitle: "كل شيء جاهز!",
    successDefaultMessage: "اكتملت جميع الخطوات.",
    stepDone: "مكتملة",
    showSteps: "عرض الخطوات",
  },
};

export type ChecklistTextKey = keyof (typeof texts)["en"];
export type ChecklistTexts = (key: ChecklistTextKey, values?: Record<string, string | number>) => string;

export function checklistTexts(
  language: string,
  flowConfig: Pick<FlowConfig, "staticTranslations">,
): ChecklistTexts {
  const own = textsFor(texts, language);
  const overrides = flowConfig.staticTranslations ?? {};
  return (key, values = {}) => {
    const override = overrides[key];
    const template = typeof override === "string" && override !== "" ? override : own[key];
    return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
      name in values ? String(values[name]) : slot,
    );
  };
}
