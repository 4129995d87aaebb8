import { registerMessages } from "../../i18n/intl.ts";

/**
 * The language switcher's texts and the names of the widget's languages (English, the source),
 * registered when a screen that shows them loads, so the sign-in route does not download them.
 */
export const languageTabsMessagesEnUS = {
  "languages.label": "Languages",
  "contentLanguage.en": "English",
  "contentLanguage.de": "German",
  "contentLanguage.ar": "Arabic",
  "languages.notWritten": "not written",
  "languages.hasError": "This version has an error",
  "languages.missing": "Not written in {language}: visitors reading {language} get the English version.",
  "languages.fallback": "Fields left empty show visitors reading {language} the English text.",
} as const;

/** The same texts in German; typed against the English ones so a missing text fails the type check. */
export const languageTabsMessagesDe: Record<keyof typeof languageTabsMessagesEnUS, string> = {
  "languages.label": "Sprachen",
  "contentLanguage.en": "Englisch",
  "contentLanguage.de": "Deutsch",
  "contentLanguage.ar": "Arabisch",
  "languages.notWritten": "nicht verfasst",
  "languages.hasError": "Diese Fassung enthält einen Fehler",
  "languages.missing":
    "Nicht auf {language} verfasst: Besucher, die {language} lesen, sehen die englische Fassung.",
  "languages.fallback": "Leer gelassene Felder zeigen Besuchern, die {language} lesen, den englischen Text.",
};

registerMessages(languageTabsMessagesEnUS, languageTabsMessagesDe);
