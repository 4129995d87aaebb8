import {
  type TranslationLanguage,
  type Translations,
  translationLanguages,
} from "../../shared/content-languages.ts";
import type { OutboundTextVersion } from "../../shared/outbound-api.ts";
import { isRecord } from "./config-model.ts";
import type { OutboundConfigStates } from "./outbound-form-state.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/**
 * An outbound's texts in the widget's other languages (`config.translations`, outbound-api.ts
 * `OutboundTextVersion`), as the editor holds them: one slot per text a visitor reads of the content
 * as it is now (its title, body, each step's and button's texts), each language's value by slot.
 * Slots follow the content: a step or button removed takes its translations with it; a checklist's
 * step is found by its id, a tour's step and a button by their place.
 */

export type TranslatedField =
  | "title"
  | "body"
  | "text"
  | "subject"
  | "message"
  | "successTitle"
  | "successMessage"
  | "nextText"
  | "prevText"
  | "doneText"
  | "description"
  | "actionTitle";

export interface TextSlot {
  /** Unique among the slots: `title`, `buttons.0.text`, `steps#welcome.title`. */
  key: string;
  field: TranslatedField;
  /** For a step's or button's text: which one. */
  item?: { list: "steps" | "buttons"; index: number; id?: string };
  /** Written in the rich-text editor (a document), else a line of text. */
  rich: boolean;
  /** The content's own text: what visitors of the language read while the slot is empty. */
  english: string | RichBody;
}

export type SlotValue = string | RichBody;
export type TranslationTexts = Record<TranslationLanguage, Record<string, SlotValue>>;

export const noTranslationTexts = (): TranslationTexts => ({ de: {}, ar: {} });

const own = (field: TranslatedField, english: string | RichBody, rich = false): TextSlot => ({
  key: field,
  field,
  rich,
  english,
});

function itemSlot(
  list: "steps" | "buttons",
  index: number,
  id: string | undefined,
  field: TranslatedField,
  english: string | RichBody,
  rich = false,
): TextSlot {
  const where = id ? `${list}#${id}` : `${list}.${index}`;
  return { key: `${where}.${field}`, field, item: { list, index, ...(id ? { id } : {}) }, rich, english };
}

/** The texts visitors read of the content in its current shape. */
export function textSlots<T extends keyof OutboundConfigStates>(
  type: T,
  state: OutboundConfigStates[T],
): TextSlot[] {
  switch (type) {
    case "banner":
    case "modal": {
      const config = state as OutboundConfigStates["banner" | "modal"];
      return [
        own("title", config.title),
        own("body", config.body, true),
        ...config.buttons.map((button, index) => itemSlot("buttons", index, undefined, "text", button.text)),
      ];
    }
    case "notification":
      return [own("text", (state as OutboundConfigStates["notification"]).text, true)];
    case "tour": {
      const config = state as OutboundConfigStates["tour"];
      return [
        own("nextText", config.nextText),
        own("prevText", config.prevText),
        own("doneText", config.doneText),
        ...config.steps.flatMap((step, index) => [
          itemSlot("steps", index, undefined, "title", step.title),
          itemSlot("steps", index, undefined, "message", step.message, true),
        ]),
      ];
    }
    default: {
      const config = state as OutboundConfigStates["checklist"];
      return [
        own("subject", config.subject),
        own("message", config.message),
        ...config.steps.flatMap((step, index) => [
          itemSlot("steps", index, step.id, "title", step.title),
          itemSlot("steps", index, step.id, "description", step.description, true),
          itemSlot("steps", index, step.id, "actionTitle", step.actionTitle),
        ]),
        own("successTitle", config.successTitle),
        own("successMessage", config.successMessage),
      ];
    }
  }
}

/** A slot's value in a stored version: a checklist step by its id, else by place. */
function storedValue(version: Record<string, unknown>, slot: TextSlot): unknown {
  if (!slot.item) return version[slot.field];
  const items = version[slot.item.list];
  if (!Array.isArray(items)) return undefined;
  const { id, index } = slot.item;
  const entry = id ? items.find((item) => isRecord(item) && item.id === id) : items[index];
  return isRecord(entry) ? entry[slot.field] : undefined;
}

/** The stored translations as the editor's texts (a document stored as HTML opens as a document). */
export function readTranslations(
  config: Record<string, unknown>,
  slots: readonly TextSlot[],
): TranslationTexts {
  const texts = noTranslationTexts();
  const stored = isRecord(config.translations) ? config.translations : {};
  for (const language of translationLanguages) {
    const version = stored[language];
    if (!isRecord(version)) continue;
    for (const slot of slots) {
      const value = storedValue(version, slot);
      if (slot.rich) {
        const body = readRichBody(value);
        if (body) texts[language][slot.key] = body;
      } else if (typeof value === "string" && value !== "") texts[language][slot.key] = value;
    }
  }
  return texts;
}

const saysSomething = (value: SlotValue | undefined): boolean =>
  typeof value === "string" ? value.trim() !== "" : !richBodyIsEmpty(value ?? null);

/** Whether a language has any text written. */
export const isTranslated = (texts: Record<string, SlotValue>): boolean =>
  Object.values(texts).some(saysSomething);

/** One language's version for the request: the texts written, steps and buttons in their order. */
function writtenVersion(
  texts: Record<string, SlotValue>,
  slots: readonly TextSlot[],
): OutboundTextVersion | null {
  const version: Record<string, unknown> = {};
  const lists: Record<"steps" | "buttons", Array<Record<string, unknown>>> = { steps: [], buttons: [] };
  for (const slot of slots) {
    const value = texts[slot.key];
    if (!saysSomething(value)) continue;
    const written = typeof value === "string" ? value.trim() : writtenRichBody(value ?? null);
    if (!slot.item) {
      version[slot.field] = written;
      continue;
    }
    const { list, index, id } = slot.item;
    // Places without a text stay as empty entries, so later ones keep their place.
    while (lists[list].length <= index) lists[list].push({});
    const entry = lists[list][index] ?? {};
    if (id) entry.id = id;
    entry[slot.field] = written;
    lists[list][index] = entry;
  }
  for (const list of ["steps", "buttons"] as const) if (lists[list].length > 0) version[list] = lists[list];
  return Object.keys(version).length > 0 ? (version as OutboundTextVersion) : null;
}

/** `config.translations` for the request; undefined when no language has a text (the key is dropped). */
export function writeTranslations(
  texts: TranslationTexts,
  slots: readonly TextSlot[],
): Translations<OutboundTextVersion | null> | undefined {
  const versions = { de: writtenVersion(texts.de, slots), ar: writtenVersion(texts.ar, slots) };
  return versions.de || versions.ar ? versions : undefined;
}
