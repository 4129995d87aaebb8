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
