/**
 * The checklist's labels under the reference SDK's keys (spec §9's defaults) in the widget's languages:
 * our checklist element draws them (src/widget/checklist/checklist-texts.ts), and the server hands
 * them to the published SDK, which has none of its own (reference-sdk-texts.ts). Slots as the SDK
 * fills them: `{a}`, `{b}`, `{index}`.
 */
export const checklistDefaultTexts = {
  en: {
    checklistDefaultTitle: "Checklist",
    stepDefaultTitle: "Step {index}",
    actionDefaultTitle: "Action",
    markAsDone: "Mark as done",
    noStepsDefined: "No steps defined.",
    taskProgress: "{a} of {b} done",
    aboutMinutes: "About {a} min left",
  },
  de: {
    checklistDefaultTitle: "Checkliste",
    stepDefaultTitle: "Schritt {index}",
    actionDefaultTitle: "Aktion",
    markAsDone: "Als erledigt markieren",
    noStepsDefined: "Keine Schritte festgelegt.",
    taskProgress: "{a} von {b} erledigt",
    aboutMinutes: "Noch etwa {a} Min.",
  },
  ar: {
    checklistDefaultTitle: "قائمة المهام",
    stepDefaultTitle: "الخطوة {index}",
    actionDefaultTitle: "إجراء",
    markAsDone: "وضع علامة كمكتمل",
    noStepsDefined: "لم تُحدَّد أي خطوات.",
    taskProgress: "{a} من {b} مكتملة",
    aboutMinutes: "يتبقى نحو {a} دقيقة",
  },
};
