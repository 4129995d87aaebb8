import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { textsFor } from "../../shared/widget-language.ts";

/**
 * The capture editor's words. The keys of spec §8 are the reference's translation keys, so a
 * project's `staticTranslations` (spec §3, "static translations keyed by label") override them as
 * they would in the reference; the others are ours (labels of the tools, the upload).
 */
const english = {
  accessToScreenSharingDenied:
    "Access to screen sharing was denied. Allow it in your browser's settings to record your screen.",
  browserNotSupported: "Your browser does not support this.",
  startRecording: "Start recording",
  stopRecording: "Stop recording",
  mute: "Mute microphone",
  unmute: "Unmute microphone",
  pickAColor: "Pick a color",
  undo: "Undo",
  retry: "Retry",
  next: "Next",
  done: "Done",
  dismiss: "Dismiss",
  // Ours.
  toolbar: "Drawing tools",
  moveToolbar: "Move the toolbar",
  pointer: "Pointer",
  rectangle: "Rectangle",
  pen: "Pen",
  blur: "Hide (blur)",
  timeLeft: "Time left",
  recordingPreview: "Your recording",
  uploading: "Uploading…",
  uploadFailed: "The recording could not be uploaded. Please try again.",
  finishing: "Taking the screenshot…",
  drawHint: "Draw on the page to point out what you mean.",
  recordHint: "Start recording, then show what happens.",
};

export type CaptureTextKey = keyof typeof english;
export type CaptureTexts = Record<CaptureTextKey, string>;

const german: CaptureTexts = {
  accessToScreenSharingDenied:
    "Der Zugriff auf die Bildschirmfreigabe wurde verweigert. Erlaube ihn in den Einstellungen deines Browsers, um deinen Bildschirm aufzunehmen.",
  browserNotSupported: "Dein Browser unterstützt das nicht.",
  startRecording: "Aufnahme starten",
  stopRecording: "Aufnahme beenden",
  mute: "Mikrofon stummschalten",
  unmute: "Mikrofon einschalten",
  pickAColor: "Farbe wählen",
  undo: "Rückgängig",
  retry: "Wiederholen",
  next: "Weiter",
  done: "Fertig",
  dismiss: "Schließen",
  toolbar: "Zeichenwerkzeuge",
  moveToolbar: "Werkzeugleiste verschieben",
  pointer: "Zeiger",
  rectangle: "Rechteck",
  pen: "Stift",
  blur: "Verdecken",
  timeLeft: "Verbleibende Zeit",
  recordingPreview: "Deine Aufnahme",
  uploading: "Wird hochgeladen …",
  uploadFailed: "Die Aufnahme konnte nicht hochgeladen werden. Bitte versuche es erneut.",
  finishing: "Screenshot wird erstellt …",
  drawHint: "Zeichne auf die Seite, um zu zeigen, was du meinst.",
  recordHint: "Starte die Aufnahme und zeige, was passiert.",
};

const arabic: CaptureTexts = {
  accessToScreenSharingDenied: "تم رفض الوصول إلى مشاركة الشاشة. اسمح به في إعدادات المتصفح لتسجيل شاشتك.",
  browserNotSupported: "متصفحك لا يدعم هذه الميزة.",
  startRecording: "بدء التسجيل",
  stopRecording: "إيقاف التسجيل",
  mute: "كتم الميكروفون",
  unmute: "إلغاء كتم الميكروفون",
  pickAColor: "اختر لونًا",
  undo: "تراجع",
  retry: "إعادة المحاولة",
  next: "التالي",
  done: "تم",
  dismiss: "إغلاق",
  toolbar: "أدوات الرسم",
  moveToolbar: "تحريك شريط الأدوات",
  pointer: "المؤشر",
  rectangle: "مستطيل",
  pen: "قلم",
  blur: "إخفاء (تمويه)",
  timeLeft: "الوقت المتبقي",
  recordingPreview: "تسجيلك",
  uploading: "جارٍ الرفع…",
  uploadFailed: "تعذّر رفع التسجيل. يرجى المحاولة مرة أخرى.",
  finishing: "جارٍ التقاط لقطة الشاشة…",
  drawHint: "ارسم على الصفحة لتوضيح ما تقصده.",
  recordHint: "ابدأ التسجيل، ثم اعرض ما يحدث.",
};

/** The texts for a language by its base subtag ("de-de" → German; unknown → English), with the project's overrides. */
export function captureTexts(
  language: string,
  flowConfig: Pick<FlowConfig, "staticTranslations">,
): CaptureTexts {
  const base = textsFor({ en: english, de: german, ar: arabic }, language);
  const overrides = flowConfig.staticTranslations ?? {};
  const texts = { ...base };
  for (const key of Object.keys(texts) as CaptureTextKey[]) {
    const override = overrides[key];
    if (typeof override === "string" && override.trim() !== "") texts[key] = override;
  }
  return texts;
}
