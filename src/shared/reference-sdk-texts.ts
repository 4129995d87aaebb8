import { checklistDefaultTexts } from "./checklist-default-texts.ts";
import { baseLanguage } from "./widget-language.ts";

/**
 * The texts the published Gleap SDK draws itself (its checklist element, its news stack, its screen
 * recorder) and looks up in the config's `staticTranslations` by key. It has no defaults of its own:
 * a key the config lacks is shown as the key ("markAsDone", "taskProgress"). The server answers a
 * config asked for with `?lang=` (the published SDK always asks so) with these, in that language,
 * under whatever the project set itself. Slots as the SDK fills them: `{a}`, `{b}`, `{index}`.
 *
 * English, German and Arabic, the widget's own languages; another language gets English.
 */
const texts = {
  en: {
    ...checklistDefaultTexts.en,
    next: "Next",
    done: "Done",
    retry: "Retry",
    undo: "Undo",
    mute: "Mute",
    unmute: "Unmute",
    pickAColor: "Pick a colour",
    startRecording: "Start recording",
    stopRecording: "Stop recording",
    accessToScreenSharingDenied: "Access to screen sharing was denied.",
    browserNotSupported: "This browser cannot record the screen.",
  },
  de: {
    ...checklistDefaultTexts.de,
    next: "Weiter",
    done: "Fertig",
    retry: "Erneut versuchen",
    undo: "Rückgängig",
    mute: "Stumm",
    unmute: "Ton an",
    pickAColor: "Farbe wählen",
    startRecording: "Aufnahme starten",
    stopRecording: "Aufnahme beenden",
    accessToScreenSharingDenied: "Der Zugriff auf die Bildschirmfreigabe wurde verweigert.",
    browserNotSupported: "Dieser Browser kann den Bildschirm nicht aufnehmen.",
  },
  ar: {
    ...checklistDefaultTexts.ar,
    next: "التالي",
    done: "تم",
    retry: "إعادة المحاولة",
    undo: "تراجع",
    mute: "كتم الصوت",
    unmute: "إلغاء كتم الصوت",
    pickAColor: "اختر لونًا",
    startRecording: "بدء التسجيل",
    stopRecording: "إيقاف التسجيل",
    accessToScreenSharingDenied: "تم رفض الوصول إلى مشاركة الشاشة.",
    browserNotSupported: "لا يمكن لهذا المتصفح تسجيل الشاشة.",
  },
} satisfies Record<string, Record<string, string>>;

export type ReferenceSdkTextKey = keyof (typeof texts)["en"];

/** The reference SDK's texts in `language` (its base subtag), English for a language without them. */
export function referenceSdkTexts(language: string): Record<ReferenceSdkTextKey, string> {
  const base = baseLanguage(language);
  return base in texts ? texts[base as keyof typeof texts] : texts.en;
}
