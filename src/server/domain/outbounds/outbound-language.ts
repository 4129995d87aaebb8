import { type ContentLanguage, contentBaseLanguage } from "../../../shared/content-languages.ts";
import { isTipTapDoc } from "../../../shared/tiptap-html.ts";

/**
 * An outbound's config in a visitor's language: its own texts are the English version, and
 * `config.translations.{de,ar}` (outbound-api.ts `OutboundTextVersion`) replace the texts they say
 * something in: the config's (`title`, `body`, `text`, …), and those of its steps and buttons, a step
 * found by its `id` where the translation names one, else by its place. Nothing else of the config
 * changes (where a button points, a step's selector), and `translations` itself never reaches the
 * widget, which gets each piece of content in one language only.
 */

/** Keys whose values are texts a visitor reads. */
const textKeys = new Set([
  "title",
  "body",
  "text",
  "subject",
  "message",
  "description",
  "actionTitle",
  "successTitle",
  "successMessage",
  "nextText",
  "prevText",
  "doneText",
  "unmuteModalTitle",
  "unmuteModalButton",
  "unmuteModalContinue",
]);

/** Keys whose values are lists of things with texts of their own. */
const listKeys = new Set(["steps", "buttons"]);

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A text that says something: a non-blank string, or a document with any text or image in it. */
function saysSomething(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (!isTipTapDoc(value)) return false;
  const json = JSON.stringify(value);
  return /"text":"[^"]*[^"\s]/.test(json) || json.includes('"type":"image"');
}

function mergedItems(items: unknown[], versions: unknown[]): unknown[] {
  const byId = new Map<string, Json>();
  for (const version of versions)
    if (isRecord(version) && typeof version.id === "string") byId.set(version.id, version);
  return items.map((item, index) => {
    if (!isRecord(item)) return item;
    const version = (typeof item.id === "string" ? byId.get(item.id) : undefined) ?? versions[index];
    // A version naming another step's id is that step's, not this one's by place.
    if (isRecord(version) && typeof version.id === "string" && version.id !== item.id) return item;
    return isRecord(version) ? mergedTexts(item, version) : item;
  });
}

function mergedTexts(base: Json, version: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(version)) {
    if (textKeys.has(key) && saysSomething(value)) merged[key] = value;
    else if (listKeys.has(key) && Array.isArray(base[key]) && Array.isArray(value))
      merged[key] = mergedItems(base[key] as unknown[], value);
  }
  return merged;
}

/** The config as a visitor of `language` gets it, without its `translations`. */
export function localizedConfig(config: Json, language: ContentLanguage): Json {
  const { translations, ...own } = config;
  if (language === contentBaseLanguage || !isRecord(translations)) return own;
  const version = translations[language];
  return isRecord(version) ? mergedTexts(own, version) : own;
}
