import {
  type ContentLanguage,
  contentLanguages,
  translationLanguages,
} from "../../shared/content-languages.ts";
import type { AdminHelpArticle, HelpArticleWrite } from "../../shared/help-center-api.ts";
import { slugFromTitle } from "../../shared/help-slug.ts";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";

/**
 * A help article's form: one version per language the widget speaks (English, the record's own, and
 * the translations), and what they share. Pure, so the rules and the request are tested without a
 * browser. The slug follows the English title until the author types one (`slugEdited`), as the
 * server would make it from the title anyway.
 */

export interface ArticleVersionState {
  title: string;
  description: string;
  body: TipTapDoc | null;
}

export interface ArticleFormState {
  collectionId: string;
  slug: string;
  slugEdited: boolean;
  status: "draft" | "live";
  position: string;
  versions: Record<ContentLanguage, ArticleVersionState>;
}

export type ArticleField = "collectionId" | "slug" | "position" | `${ContentLanguage}.title`;
export type ArticleRule = "required" | "slug" | "position" | "versionTitle";
export type ArticleErrors = Partial<Record<ArticleField, ArticleRule>>;

const emptyVersion: ArticleVersionState = { title: "", description: "", body: null };

const emptyVersions = (): Record<ContentLanguage, ArticleVersionState> => ({
  en: emptyVersion,
  de: emptyVersion,
  ar: emptyVersion,
});

export function newArticleForm(collectionId: string): ArticleFormState {
  return {
    collectionId,
    slug: "",
    slugEdited: false,
    status: "draft",
    position: "0",
    versions: emptyVersions(),
  };
}

/**
 * The form of a stored article; `toDoc` turns a stored HTML body (articles written before the editor,
 * such as the demo's) into a document the editor can open.
 */
export function articleForm(article: AdminHelpArticle, toDoc: (html: string) => TipTapDoc): ArticleFormState {
  const bodyOf = (doc: TipTapDoc | null, html: string): TipTapDoc | null =>
    doc ?? (html.trim() === "" ? null : toDoc(html));
  const versions = emptyVersions();
  versions.en = {
    title: article.title,
    description: article.description,
    body: bodyOf(article.bodyDoc, article.body),
  };
  for (const language of translationLanguages) {
    const version = article.translations[language];
    if (version)
      versions[language] = {
        title: version.title,
        description: version.description,
        body: bodyOf(version.bodyDoc, version.body),
      };
  }
  return {
    collectionId: article.collectionId,
    slug: article.slug,
    slugEdited: article.slug !== "" && article.slug !== slugFromTitle(article.title),
    status: article.status,
    position: String(article.position),
    versions,
  };
}

/** One language's version changed; an English title also moves the slug unless the author wrote one. */
export function withVersion(
  state: ArticleFormState,
  language: ContentLanguage,
  change: Partial<ArticleVersionState>,
): ArticleFormState {
  const version = { ...state.versions[language], ...change };
  const next = { ...state, versions: { ...state.versions, [language]: version } };
  if (language !== "en" || change.title === undefined || state.slugEdited) return next;
  return { ...next, slug: slugFromTitle(change.title) };
}

/** The English title changed: the slug follows it unless the author wrote their own. */
export const withEnglishTitle = (state: ArticleFormState, title: string): ArticleFormState =>
  withVersion(state, "en", { title });

/** A document with any text or image in it (an editor's empty paragraph says nothing). */
function docSaysSomething(doc: TipTapDoc | null): boolean {
  const json = JSON.stringify(doc ?? {});
  return json.includes('"type":"text"') || json.includes('"type":"image"');
}

/** Whether a language's version has anything in it (then it needs its own title). */
export function hasVersion(state: ArticleFormState, language: ContentLanguage): boolean {
  const version = state.versions[language];
  return version.title.trim() !== "" || version.description.trim() !== "" || docSaysSomething(version.body);
}

const slugPattern = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

export function articleErrors(state: ArticleFormState): ArticleErrors {
  const errors: ArticleErrors = {};
  if (state.collectionId === "") errors.collectionId = "required";
  if (state.versions.en.title.trim() === "") errors["en.title"] = "required";
  if (!slugPattern.test(state.slug)) errors.slug = "slug";
  const position = Number(state.position);
  if (!/^\d+$/.test(state.position.trim()) || position > 10_000) errors.position = "position";
  for (const language of translationLanguages)
    if (hasVersion(state, language) && state.versions[language].title.trim() === "")
      errors[`${language}.title`] = "versionTitle";
  return errors;
}

/** The first language whose version has an error (the editor shows it before focusing the field). */
export const languageWithError = (errors: ArticleErrors): ContentLanguage | null =>
  contentLanguages.find((language) => errors[`${language}.title`] !== undefined) ?? null;

/** The request: every version as a document; no version of a language whose fields are all empty. */
export function articleWrite(state: ArticleFormState): HelpArticleWrite {
  const english = state.versions.en;
  const translations: NonNullable<HelpArticleWrite["translations"]> = {};
  for (const language of translationLanguages) {
    const version = state.versions[language];
    translations[language] = hasVersion(state, language)
      ? { title: version.title.trim(), description: version.description.trim(), bodyDoc: version.body }
      : null;
  }
  return {
    collectionId: state.collectionId,
    title: english.title.trim(),
    description: english.description.trim(),
    bodyDoc: english.body,
    slug: state.slug,
    status: state.status,
    position: Number(state.position),
    translations,
  };
}
