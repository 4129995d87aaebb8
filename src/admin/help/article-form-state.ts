import { slugFromTitle } from "../../shared/help-slug.ts";
import type { AdminHelpArticle, HelpArticleWrite } from "../../shared/messenger-api.ts";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";

/**
 * A help article's form: the English version, the German one, and what both share. Pure, so the
 * rules and the request are tested without a browser. The slug follows the English title until the
 * author types one (`slugEdited`), as the server would make it from the title anyway.
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
  en: ArticleVersionState;
  de: ArticleVersionState;
}

export type ArticleField = "collectionId" | "slug" | "position" | "en.title" | "de.title";
export type ArticleRule = "required" | "slug" | "position" | "germanTitle";
export type ArticleErrors = Partial<Record<ArticleField, ArticleRule>>;

const emptyVersion: ArticleVersionState = { title: "", description: "", body: null };

export function newArticleForm(collectionId: string): ArticleFormState {
  return {
    collectionId,
    slug: "",
    slugEdited: false,
    status: "draft",
    position: "0",
    en: emptyVersion,
    de: emptyVersion,
  };
}

/**
 * The form of a stored article; `toDoc` turns a stored HTML body (articles written before the editor,
 * such as the demo's) into a document the editor can open.
 */
export function articleForm(article: AdminHelpArticle, toDoc: (html: string) => TipTapDoc): ArticleFormState {
  const bodyOf = (doc: TipTapDoc | null, html: string): TipTapDoc | null =>
    doc ?? (html.trim() === "" ? null : toDoc(html));
  const german = article.translations.de;
  return {
    collectionId: article.collectionId,
    slug: article.slug,
    slugEdited: article.slug !== "" && article.slug !== slugFromTitle(article.title),
    status: article.status,
    position: String(article.position),
    en: {
      title: article.title,
      description: article.description,
      body: bodyOf(article.bodyDoc, article.body),
    },
    de: german
      ? { title: german.title, description: german.description, body: bodyOf(german.bodyDoc, german.body) }
      : emptyVersion,
  };
}

/** The English title changed: the slug follows it unless the author wrote their own. */
export function withEnglishTitle(state: ArticleFormState, title: string): ArticleFormState {
  return {
    ...state,
    en: { ...state.en, title },
    slug: state.slugEdited ? state.slug : slugFromTitle(title),
  };
}

/** A document with any text or image in it (an editor's empty paragraph says nothing). */
function docSaysSomething(doc: TipTapDoc | null): boolean {
  const json = JSON.stringify(doc ?? {});
  return json.includes('"type":"text"') || json.includes('"type":"image"');
}

/** Whether the German version has anything in it (then it needs its own title). */
export const hasGermanVersion = (state: ArticleFormState): boolean =>
  state.de.title.trim() !== "" || state.de.description.trim() !== "" || docSaysSomething(state.de.body);

const slugPattern = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

export function articleErrors(state: ArticleFormState): ArticleErrors {
  const errors: ArticleErrors = {};
  if (state.collectionId === "") errors.collectionId = "required";
  if (state.en.title.trim() === "") errors["en.title"] = "required";
  if (!slugPattern.test(state.slug)) errors.slug = "slug";
  const position = Number(state.position);
  if (!/^\d+$/.test(state.position.trim()) || position > 10_000) errors.position = "position";
  if (hasGermanVersion(state) && state.de.title.trim() === "") errors["de.title"] = "germanTitle";
  return errors;
}

/** The request: both versions as documents; no German version when its fields are all empty. */
export function articleWrite(state: ArticleFormState): HelpArticleWrite {
  return {
    collectionId: state.collectionId,
    title: state.en.title.trim(),
    description: state.en.description.trim(),
    bodyDoc: state.en.body,
    slug: state.slug,
    status: state.status,
    position: Number(state.position),
    translations: {
      de: hasGermanVersion(state)
        ? { title: state.de.title.trim(), description: state.de.description.trim(), bodyDoc: state.de.body }
        : null,
    },
  };
}
