import { baseLanguage } from "../../shared/widget-language.ts";

/**
 * The messenger's texts: a small lookup, not @formatjs/intl.
 *
 * Why, measured (Bun.build, minified, brotli 11; the first screen by bench/size.ts in Chromium): the
 * messenger's first screen is 76.5 KB brotli of JavaScript against its 80 KB budget, of which React
 * and React DOM (with the shared frame-message schemas) are 58.4 KB. `@formatjs/intl` doing what the
 * messenger needs (createIntl, one plural message, a relative time) is 45.0 KB raw / 11.4 KB brotli:
 * with it the first screen would be ~87 KB, over budget. This file and relative-time.ts are 1.4 KB
 * raw / 0.6 KB brotli, and cover all the messenger uses: `{name}` placeholders, plural forms chosen
 * by `count` through the browser's `Intl.PluralRules` (Arabic's six included), numbers through
 * `Intl.NumberFormat`, relative times through `Intl.RelativeTimeFormat`. The admin keeps
 * @formatjs/intl (its budget is 100 KB and it uses ICU select and rich formatting).
 *
 * Texts live with the code that shows them, one catalogue per area (shell-texts.ts, the home's,
 * flows', surveys'): `defineTexts({ en, de, ar })`, where `en` is complete and fixes the keys, `de`
 * must be complete too (the type checker says what is missing) and `ar` (or any other language) may
 * leave keys to English. The first screen's areas (the shell's and the home's) are in the frame's
 * entry, whose budget is tight: they ship English there and the rest as a chunk of their own
 * (`defineEnglishTexts(en, load)`, shell-translations.ts), loaded before the first draw when the
 * visitor reads another language. A screen reads its area's texts with `useTexts(catalogue)`. The project's
 * `staticTranslations` (config) override any text by its key (`"home.greeting"`), or by its English
 * wording, so a project in a language we do not ship can translate the whole messenger.
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | Plural;

export interface Catalogue<K extends string> {
  en: Record<K, Message>;
  [language: string]: Partial<Record<K, Message>>;
}

/** A catalogue's languages besides English: `de` complete, the others may leave keys to English. */
export interface Translations<K extends string> {
  de: Record<K, Message>;
  ar: Partial<Record<K, Message>>;
}

/** Declares an area's texts; `en` fixes the keys, `de` must have them all, others may leave some out. */
export const defineTexts = <K extends string>(catalogue: {
  en: Record<K, Message>;
  de: Record<NoInfer<K>, Message>;
  ar: Partial<Record<NoInfer<K>, Message>>;
}): Catalogue<K> => catalogue as Catalogue<K>;

/** The loaders of catalogues defined with English alone, and what each load has come to. */
const translationLoaders = new WeakMap<object, () => Promise<Translations<string>>>();
const translationLoads = new WeakMap<object, Promise<void>>();
let loadedVersion = 0;
const loadListeners = new Set<() => void>();

/**
 * An area whose English is in the bundle and whose other languages load when first asked for
 * (`loadTranslations`): `load` is a dynamic import of the module holding them, so they are a chunk
 * of their own.
 */
export function defineEnglishTexts<K extends string>(
  en: Record<K, Message>,
  load: () => Promise<Translations<NoInfer<K>>>,
): Catalogue<K> {
  const catalogue = { en } as Catalogue<K>;
  translationLoaders.set(catalogue, load as () => Promise<Translations<string>>);
  return catalogue;
}

/**
 * Makes sure the catalogue holds `lang`'s texts: at once for English, for a language we do not ship
 * and for a catalogue that carries its languages; otherwise once its chunk has arrived. Never
 * rejects: a chunk that fails to load leaves the texts in English. The next call asks again, though a
 * browser that remembers the failed import of that file fails it again at once, so a frame started
 * offline stays in English until it is loaded anew.
 */
export function loadTranslations(catalogue: Catalogue<string>, lang: string): Promise<void> {
  const base = baseLanguage(lang);
  const load = translationLoaders.get(catalogue);
  const shipped = (shippedLanguages as readonly string[]).includes(base);
  if (!load || base === "en" || !shipped || catalogue[base]) return Promise.resolve();
  let loading = translationLoads.get(catalogue);
  if (!loading) {
    loading = load().then(
      (translations) => {
        Object.assign(catalogue, translations);
        loadedVersion++;
        for (const listener of loadListeners) listener();
      },
      () => {
        translationLoads.delete(catalogue);
      },
    );
    translationLoads.set(catalogue, loading);
  }
  return loading;
}

/** Counts the loads that added languages to a catalogue: what shows reads its texts again after one. */
export const translationsVersion = () => loadedVersion;
export function subscribeTranslations(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

export type Values = Record<string, string | number>;
export type Translate<K extends string> = (key: K, values?: Values) => string;

/**
 * The languages that ship texts; any other falls back to English (and the project's overrides). The
 * same as those a project's content is written in (content-languages.ts; i18n.test.ts holds them
 * equal), so a screen and its content speak one language.
 */
export const shippedLanguages = ["en", "de", "ar"] as const;

/**
 * One Intl object per language, made on first use; a tag Intl refuses (a host's made-up language)
 * gets the English one.
 */
function perLanguage<T>(make: (lang: string) => T): (lang: string) => T {
  const made = new Map<string, T>();
  return (lang) => {
    let found = made.get(lang);
    if (!found) {
      try {
        found = make(lang);
      } catch {
        found = make("en");
      }
      made.set(lang, found);
    }
    return found;
  };
}

const pluralRules = perLanguage((lang) => new Intl.PluralRules(lang));
const pluralCategory = (lang: string, count: number): Intl.LDMLPluralRule => pluralRules(lang).select(count);

const numberFormats = perLanguage((lang) => new Intl.NumberFormat(lang));
export function formatNumber(lang: string, value: number): string {
  return numberFormats(lang).format(value);
}

/** A message with its values: the plural form for `count`, `{name}` filled in, `#` as the count. */
export function formatMessage(lang: string, message: Message, values: Values = {}): string {
  const count = typeof values.count === "number" ? values.count : 0;
  const text =
    typeof message === "string" ? message : (message[pluralCategory(lang, count)] ?? message.other);
  return text.replace(/\{(\w+)\}|#/g, (whole, name: string | undefined) => {
    if (name === undefined) return typeof values.count === "number" ? formatNumber(lang, count) : whole;
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(lang, value) : value;
  });
}

/** The translate function of an area for a language, with the project's overrides on top. */
export function translator<K extends string>(
  catalogue: Catalogue<K>,
  lang: string,
  overrides: Record<string, string> = {},
): Translate<K> {
  const texts: Partial<Record<K, Message>> = catalogue[baseLanguage(lang)] ?? {};
  return (key, values) => {
    const english = catalogue.en[key];
    const englishText = typeof english === "string" ? english : english.other;
    const override = overrides[key] ?? overrides[englishText];
    const message = typeof override === "string" && override !== "" ? override : (texts[key] ?? english);
    return formatMessage(lang, message, values);
  };
}
