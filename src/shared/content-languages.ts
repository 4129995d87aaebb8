import { nullable, object, optional, type Struct } from "superstruct";
import { baseLanguage } from "./widget-language.ts";

/**
 * The languages the widget speaks, and so the languages a project's content (feedback flows, news,
 * help center, banners, modals, tours, checklists) may be written in: the messenger's and every
 * in-page chunk's texts ship in these three. A record's own fields are its English version (the
 * fallback, and what a Gleap-style client reads); `translations.{de,ar}` hold the other versions,
 * each as partial as the author left it. A visitor gets their language's version field by field,
 * and the English field wherever that version says nothing.
 */
export const contentLanguages = ["en", "de", "ar"] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/** The language of a record's own fields. */
export const contentBaseLanguage = "en" satisfies ContentLanguage;

/** The languages a record may carry besides its own (English) fields. */
export const translationLanguages = ["de", "ar"] as const;
export type TranslationLanguage = (typeof translationLanguages)[number];

/** A record's other versions, each partial (`{de: {title: "…"}}`). */
export type Translations<T> = Partial<Record<TranslationLanguage, T>>;

export const isContentLanguage = (value: string): value is ContentLanguage =>
  (contentLanguages as readonly string[]).includes(value);

/**
 * The content language for a visitor's language (`de-AT` → `de`, `ar-EG` → `ar`); English for any
 * language nobody writes content in, and for none.
 */
export function contentLanguageFor(language: string | null | undefined): ContentLanguage {
  const base = baseLanguage(language ?? "");
  return isContentLanguage(base) ? base : contentBaseLanguage;
}

/** Whether a translated value says something (an empty text or an empty list falls back). */
function saysSomething(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null;
}

/**
 * The fields of `base` in `language`: the translation's where it says something, else the base's,
 * so a German article whose description nobody translated still shows the English description
 * rather than nothing. Only the base's own keys are read from the translation.
 */
export function localizedVersion<T extends object>(
  base: T,
  translations: Translations<Partial<T> | null> | null | undefined,
  language: ContentLanguage,
): T {
  if (language === contentBaseLanguage) return base;
  const version = translations?.[language];
  if (!version || typeof version !== "object") return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const key of Object.keys(base)) {
    const value = (version as Record<string, unknown>)[key];
    if (saysSomething(value)) merged[key] = value;
  }
  return merged as T;
}

/** The request schema of a record's `translations`: each language's version, or null to drop it. */
export const translationsOf = <T, S>(version: Struct<T, S>) =>
  optional(
    object({
      de: optional(nullable(version)),
      ar: optional(nullable(version)),
    }),
  );

/**
 * The stored translations of a record (a JSON column): each known language's object, nothing else,
 * so a value written by hand or by an older version cannot put an unknown language in an answer.
 */
export function storedTranslations<T>(value: unknown): Translations<T> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const found: Translations<T> = {};
  for (const language of translationLanguages) {
    const version = (value as Record<string, unknown>)[language];
    if (version && typeof version === "object" && !Array.isArray(version)) found[language] = version as T;
  }
  return found;
}
