import { type TranslationLanguage, translationLanguages } from "../../../shared/content-languages.ts";

/**
 * Whether the form's errors name one of `language`'s texts; a form keeps them under `root` and the
 * language (`translations.de.title`, `config.translations.de.body`), as the API names them.
 */
export const languageHasError = (errors: Record<string, string>, root: string, language: string): boolean =>
  Object.keys(errors).some((path) => path.startsWith(`${root}${language}.`));

/** The language of the first translation the form's errors name (its tab is shown on a refused save). */
export const firstLanguageWithError = (
  errors: Record<string, string>,
  root: string,
): TranslationLanguage | null =>
  translationLanguages.find((language) => languageHasError(errors, root, language)) ?? null;
