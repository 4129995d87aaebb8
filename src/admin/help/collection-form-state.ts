import {
  type ContentLanguage,
  contentLanguages,
  translationLanguages,
} from "../../shared/content-languages.ts";
import type { AdminHelpCollection, HelpCollectionWrite } from "../../shared/help-center-api.ts";

/**
 * A help collection's form: its title and description in each language the widget speaks (English,
 * the record's own, and the translations), icon and order. Pure.
 */
export interface CollectionVersionState {
  title: string;
  description: string;
}

export interface CollectionFormState {
  icon: string;
  position: string;
  versions: Record<ContentLanguage, CollectionVersionState>;
}

export type CollectionField = "position" | `${ContentLanguage}.title`;
export type CollectionRule = "required" | "position" | "versionTitle";
export type CollectionErrors = Partial<Record<CollectionField, CollectionRule>>;

export function collectionForm(
  collection: AdminHelpCollection | null,
  nextPosition = 0,
): CollectionFormState {
  const versionOf = (language: ContentLanguage): CollectionVersionState => {
    const version = language === "en" ? collection : collection?.translations[language];
    return { title: version?.title ?? "", description: version?.description ?? "" };
  };
  return {
    icon: collection?.icon ?? "",
    position: String(collection?.position ?? nextPosition),
    versions: { en: versionOf("en"), de: versionOf("de"), ar: versionOf("ar") },
  };
}

export function collectionErrors(state: CollectionFormState): CollectionErrors {
  const errors: CollectionErrors = {};
  if (state.versions.en.title.trim() === "") errors["en.title"] = "required";
  if (!/^\d+$/.test(state.position.trim()) || Number(state.position) > 10_000) errors.position = "position";
  for (const language of translationLanguages) {
    const { title, description } = state.versions[language];
    if (description.trim() !== "" && title.trim() === "") errors[`${language}.title`] = "versionTitle";
  }
  return errors;
}

/** The versions with one language's changed. */
export const withVersion = (
  versions: CollectionFormState["versions"],
  language: ContentLanguage,
  change: Partial<CollectionVersionState>,
): CollectionFormState["versions"] => ({ ...versions, [language]: { ...versions[language], ...change } });

/** The first language whose version has an error (the form shows it before focusing the field). */
export const collectionLanguageWithError = (errors: CollectionErrors): ContentLanguage | null =>
  contentLanguages.find((language) => errors[`${language}.title`] !== undefined) ?? null;

export function collectionWrite(state: CollectionFormState): HelpCollectionWrite {
  const translations: NonNullable<HelpCollectionWrite["translations"]> = {};
  for (const language of translationLanguages) {
    const { title, description } = state.versions[language];
    translations[language] =
      title.trim() === "" ? null : { title: title.trim(), description: description.trim() };
  }
  return {
    title: state.versions.en.title.trim(),
    description: state.versions.en.description.trim(),
    icon: state.icon.trim(),
    position: Number(state.position),
    translations,
  };
}
