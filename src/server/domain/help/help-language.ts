import {
  type HelpLanguage,
  type HelpTranslationLanguage,
  helpBaseLanguage,
  helpLanguages,
} from "../../../shared/messenger-api.ts";
import { baseLanguage } from "../../../shared/widget-language.ts";

/**
 * Which language version of a help record a visitor gets. The record's own fields are English; a
 * translation replaces them field by field where it says something, so a German article whose
 * description nobody translated still shows the English description rather than nothing.
 */

/** The help language for a widget language (`de-AT` → `de`); English for any language we do not author. */
export function helpLanguageFor(language: string | null | undefined): HelpLanguage {
  const base = baseLanguage(language ?? "");
  return (helpLanguages as readonly string[]).includes(base) ? (base as HelpLanguage) : helpBaseLanguage;
}

/** The fields of `base` in `language`: the translation's where it has a non-empty value, else the base's. */
export function localizedVersion<T extends Record<string, unknown>>(
  base: T,
  translations: Partial<Record<HelpTranslationLanguage, Partial<T> | null | undefined>>,
  language: HelpLanguage,
): T {
  if (language === "en") return base;
  const version = translations[language];
  if (!version) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base)) {
    const value = version[key];
    if (typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null)
      merged[key] = value;
  }
  return merged as T;
}
