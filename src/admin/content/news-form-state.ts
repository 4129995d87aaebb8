import {
  type ContentLanguage,
  contentLanguages,
  type TranslationLanguage,
  translationLanguages,
} from "../../shared/content-languages.ts";
import { type AdminNewsPost, NewsWrite } from "../../shared/news-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { type DeliveryState, emptyDelivery, validateDelivery } from "./delivery-state.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/** A post's texts in another language the widget speaks. */
export interface NewsVersionState {
  title: string;
  preview: string;
  body: RichBody;
}

/**
 * A news post as edited: the post (news-api NewsWrite), its English texts in its own fields and
 * the other languages' in `versions`, and how it is announced.
 */
export interface NewsFormState {
  title: string;
  preview: string;
  body: RichBody;
  coverImageUrl: string;
  authorName: string;
  versions: Record<TranslationLanguage, NewsVersionState>;
  delivery: DeliveryState;
}

const emptyVersion: NewsVersionState = { title: "", preview: "", body: null };

export const emptyNewsForm: NewsFormState = {
  title: "",
  preview: "",
  body: null,
  coverImageUrl: "",
  authorName: "",
  versions: { de: emptyVersion, ar: emptyVersion },
  delivery: emptyDelivery("news"),
};

export function newsFormFromRecord(post: AdminNewsPost, delivery: DeliveryState): NewsFormState {
  const versionOf = (language: TranslationLanguage): NewsVersionState => {
    const version = post.translations?.[language];
    if (!version) return emptyVersion;
    return {
      title: version.title,
      preview: version.preview,
      body: version.bodyDoc ?? readRichBody(version.body),
    };
  };
  return {
    title: post.title,
    preview: post.preview,
    // A post written as HTML (before the editor, or by API) opens as the document it reads as.
    body: post.bodyDoc ?? readRichBody(post.body),
    coverImageUrl: post.coverImageUrl ?? "",
    authorName: post.authorName,
    versions: { de: versionOf("de"), ar: versionOf("ar") },
    delivery,
  };
}

/** Whether a language's version has anything in it (then it is sent, and needs its own title). */
export const hasNewsVersion = (version: NewsVersionState): boolean =>
  version.title.trim() !== "" || version.preview.trim() !== "" || !richBodyIsEmpty(version.body);

/** The body of `POST /news` and `PUT /news/{id}`: saving keeps the status; publishing changes it. */
export function newsRequestFromForm(state: NewsFormState, status: ContentStatus): NewsWrite {
  const translations: NonNullable<NewsWrite["translations"]> = {};
  for (const language of translationLanguages) {
    const version = state.versions[language];
    translations[language] = hasNewsVersion(version)
      ? {
          title: version.title.trim(),
          preview: version.preview.trim(),
          body: "",
          bodyDoc: writtenRichBody(version.body) ?? null,
        }
      : null;
  }
  return {
    title: state.title.trim(),
    preview: state.preview,
    // The server renders the document to the HTML visitors get; `body` is only for HTML writers.
    body: "",
    bodyDoc: writtenRichBody(state.body) ?? null,
    coverImageUrl: state.coverImageUrl.trim() || null,
    authorName: state.authorName.trim(),
    status,
    translations,
  };
}

/** The form's rules; a version's errors are keyed by its place in the request (`translations.de.title`). */
export function validateNewsForm(state: NewsFormState): FieldErrors {
  return {
    ...fieldErrors(newsRequestFromForm(state, "draft"), NewsWrite),
    ...validateDelivery(state.delivery),
  };
}

/** Whether the form's errors name a field of `language`'s tab (English: the post's own fields). */
export function hasNewsErrorIn(errors: FieldErrors, language: ContentLanguage): boolean {
  return Object.keys(errors).some((path) =>
    language === "en" ? !path.startsWith("translations.") : path.startsWith(`translations.${language}.`),
  );
}

/** The tab a refused save shows: English when its fields are refused, else the first refused language. */
export const newsErrorLanguage = (errors: FieldErrors): ContentLanguage | null =>
  contentLanguages.find((language) => hasNewsErrorIn(errors, language)) ?? null;

/** The form with one language's version changed. */
export const withNewsVersion = (
  state: NewsFormState,
  language: TranslationLanguage,
  change: Partial<NewsVersionState>,
): NewsFormState => ({
  ...state,
  versions: { ...state.versions, [language]: { ...state.versions[language], ...change } },
});
