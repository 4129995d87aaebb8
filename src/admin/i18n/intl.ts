import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { useSnapshot } from "valtio";
import { de, deServerErrors } from "./de.ts";
import { enUS, enUSServerErrors, type MessageId } from "./en-US.ts";
import { type Locale, localeState } from "./locale-store.ts";

// Copies: lazy areas add their texts to these (registerMessages), never to the imported catalogues.
const catalogues: Record<Locale, { messages: Record<string, string>; serverErrors: Record<string, string> }> =
  {
    "en-US": { messages: { ...enUS }, serverErrors: enUSServerErrors },
    de: { messages: { ...de }, serverErrors: deServerErrors },
  };

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/** One formatter per locale, made on first use (messages are parsed once per locale). */
export function getIntl(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: "en-US", messages: catalogues[locale].messages }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

export type Values = Record<string, string | number>;

export interface Translator {
  locale: Locale;
  t(id: MessageId, values?: Values): string;
  /** For texts that may be a message id or a server message (toasts, dialogs: spec §8). */
  translate(text: string): string;
  formatNumber(value: number): string;
}

const translators = new Map<Locale, Translator>();

/**
 * Adds a lazy area's texts in both languages (its chunk calls this before its screen renders). The
 * formatters are made again on next use, since @formatjs/intl reads its messages once.
 */
export function registerMessages(english: Record<string, string>, german: Record<string, string>): void {
  Object.assign(catalogues["en-US"].messages, english);
  Object.assign(catalogues.de.messages, german);
  intls.clear();
  translators.clear();
}

export function translator(locale: Locale): Translator {
  const known = translators.get(locale);
  if (known) return known;
  const intl = getIntl(locale);
  const { messages, serverErrors } = catalogues[locale];
  const made: Translator = {
    locale,
    t: (id, values) => intl.formatMessage({ id }, values),
    translate: (text) => (text in messages ? intl.formatMessage({ id: text }) : (serverErrors[text] ?? text)),
    formatNumber: (value) => intl.formatNumber(value),
  };
  translators.set(locale, made);
  return made;
}

/** The translator of the current locale; re-renders when the language changes. */
export function useT(): Translator {
  const { locale } = useSnapshot(localeState);
  return translator(locale);
}
