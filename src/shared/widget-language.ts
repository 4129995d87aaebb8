import type { FlowConfig } from "./widget-config-api.ts";

/**
 * Language rules every surface of the widget shares: the messenger frame and the in-page chunks pick
 * their texts by a language's base subtag, and mirror for the same languages, so no two surfaces of
 * one widget disagree about an Arabic or Hebrew visitor.
 */

/** `de-AT` → `de`; the texts of a surface are keyed by this. */
export const baseLanguage = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? "en";

/** Languages written right to left (their base subtag). */
const rightToLeftLanguages = new Set(["ar", "he", "fa", "ur", "ps", "yi"]);

export const isRightToLeftLanguage = (language: string) => rightToLeftLanguages.has(baseLanguage(language));

/** Whether the project asks for a right-to-left layout (`localizationOptions.rtl`, spec §3). */
export const projectIsRightToLeft = (config: Pick<FlowConfig, "localizationOptions">) =>
  config.localizationOptions?.rtl === true;

/** A surface mirrors for a right-to-left language, or when the project says `rtl`. */
export const isRightToLeft = (language: string, config: Pick<FlowConfig, "localizationOptions">) =>
  projectIsRightToLeft(config) || isRightToLeftLanguage(language);

/** A config as the loader has it (FlowConfig) or as the messenger frame receives it (unchecked JSON). */
type LanguageSource = { readonly localizationOptions?: unknown } | null;

/**
 * The language a project fixes (`localizationOptions.language`), lower case; null when it leaves the
 * choice to the visitor's browser: empty (a new project's default) or the reference's `auto`.
 */
export function projectLanguage(config: LanguageSource): string | null {
  const options = config?.localizationOptions;
  const language = options && typeof options === "object" && "language" in options ? options.language : null;
  return typeof language === "string" && language !== "" && language.toLowerCase() !== "auto"
    ? language.toLowerCase()
    : null;
}

/**
 * The widget's language, lower case: the host's `setLanguage` always wins (also when it names the
 * browser's own language, so `setLanguage("en")` after `setLanguage("de")` returns to English under a
 * project fixed to German), then the project's fixed language, then the browser's.
 */
export function chooseWidgetLanguage(chosen: string | null, config: LanguageSource, browser: string): string {
  return chosen?.toLowerCase() || projectLanguage(config) || browser.toLowerCase() || "en";
}

/** A surface's texts for a language: those of its base subtag, else English (own keys only, so no `constructor`). */
export function textsFor<T>(
  catalogue: { readonly en: T; readonly [language: string]: T },
  language: string,
): T {
  const base = baseLanguage(language);
  return Object.hasOwn(catalogue, base) ? (catalogue[base] ?? catalogue.en) : catalogue.en;
}
