import type { TranslationLanguage } from "./content-languages.ts";

/**
 * The default feedback flows' texts (src/server/domain/flows/default-flows.ts) in the widget's other
 * languages, keyed by their English wording. A project stores its default flows in English, as every
 * Gleap-style client reads a flow; when the widget asks for a flow in German or Arabic, a text the
 * admin left as it was created (and did not translate themselves) is found here by its wording, so
 * projects created before flows had translations, and texts an admin kept while editing others, show
 * in the visitor's language. A text the admin changed is theirs: it shows as written until they
 * translate it. The admin's flow editor shows these as what a language's empty field will read.
 */

/** Our translation of a default text in `language`, or null for any other text. */
export function defaultFlowText(language: TranslationLanguage, english: string): string | null {
  const texts = defaultFlowTexts[language];
  return Object.hasOwn(texts, english) ? (texts[english] ?? null) : null;
}

export const defaultFlowTexts: Record<TranslationLanguage, Readonly<Record<string, string>>> = {
  de: {
    "Report a bug": "Fehler melden",
    "Something not working? Tell us and add a screenshot or a recording.":
      "Funktioniert etwas nicht? Beschreiben Sie es uns und fügen Sie einen Screenshot oder eine Aufnahme hinzu.",
    "What went wrong?": "Was ist schiefgelaufen?",
    "What did you do, what did you expect, and what happened instead?":
      "Was haben Sie getan, was haben Sie erwartet und was ist stattdessen passiert?",
    "Your email": "Ihre E-Mail-Adresse",
    "you@example.com": "name@beispiel.de",
    "Screenshot or recording": "Screenshot oder Aufnahme",
    "Thanks for the report! Our team looks at every one of them.":
      "Danke für Ihre Meldung! Unser Team sieht sich jede einzelne an.",
    "Request a feature": "Funktion vorschlagen",
    "Tell us what would make our product better for you.":
      "Sagen Sie uns, was unser Produkt für Sie besser machen würde.",
    Title: "Titel",
    "Calendar view for tasks": "Kalenderansicht für Aufgaben",
    Description: "Beschreibung",
    "What would you use it for?": "Wofür würden Sie sie nutzen?",
    "Thank you! We read every idea and share the roadmap in the news.":
      "Vielen Dank! Wir lesen jede Idee und teilen unsere Pläne in den Neuigkeiten.",
    "Contact us": "Kontakt aufnehmen",
    "Questions about your account, billing or anything else.":
      "Fragen zu Ihrem Konto, zur Abrechnung oder zu etwas anderem.",
    "Your name": "Ihr Name",
    Email: "E-Mail",
    Message: "Nachricht",
    "Thanks for getting in touch! We usually answer within a few hours.":
      "Danke für Ihre Nachricht! Wir antworten meist innerhalb weniger Stunden.",
  },
  ar: {
    "Report a bug": "الإبلاغ عن خطأ",
    "Something not working? Tell us and add a screenshot or a recording.":
      "هل هناك شيء لا يعمل؟ أخبرنا وأرفق لقطة شاشة أو تسجيلًا.",
    "What went wrong?": "ما المشكلة التي واجهتها؟",
    "What did you do, what did you expect, and what happened instead?":
      "ماذا فعلت، وماذا توقعت، وماذا حدث بدلًا من ذلك؟",
    "Your email": "بريدك الإلكتروني",
    "you@example.com": "name@example.com",
    "Screenshot or recording": "لقطة شاشة أو تسجيل",
    "Thanks for the report! Our team looks at every one of them.":
      "شكرًا على بلاغك! يراجع فريقنا كل بلاغ يصله.",
    "Request a feature": "اقتراح ميزة",
    "Tell us what would make our product better for you.": "أخبرنا بما يجعل منتجنا أفضل بالنسبة لك.",
    Title: "العنوان",
    "Calendar view for tasks": "عرض التقويم للمهام",
    Description: "الوصف",
    "What would you use it for?": "فيمَ ستستخدمها؟",
    "Thank you! We read every idea and share the roadmap in the news.":
      "شكرًا لك! نقرأ كل فكرة ونشارك خططنا القادمة في الأخبار.",
    "Contact us": "تواصل معنا",
    "Questions about your account, billing or anything else.": "أسئلة حول حسابك أو الفواتير أو أي أمر آخر.",
    "Your name": "اسمك",
    Email: "البريد الإلكتروني",
    Message: "الرسالة",
    "Thanks for getting in touch! We usually answer within a few hours.":
      "شكرًا لتواصلك معنا! نردّ عادةً خلال بضع ساعات.",
  },
};
