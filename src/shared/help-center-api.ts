import { enums, type Infer, object, optional, pattern } from "superstruct";
import {
  type ContentLanguage,
  contentBaseLanguage,
  contentLanguages,
  type TranslationLanguage,
  type Translations,
  translationsOf,
} from "./content-languages.ts";
import { boundedText, Position, type Stored } from "./payload-text.ts";
import { htmlBodyFields } from "./rich-text-api.ts";
import type { TipTapDoc } from "./tiptap-doc.ts";

/**
 * The messenger's help center: what the frame app reads under `/api/widget` with the session headers,
 * and what the admin writes under `/api/projects/{projectId}/…`. Articles travel as HTML, which every
 * client sanitizes before showing it.
 *
 * Widget routes (session auth, JSON):
 *   GET  /help/collections                    → HelpCollection[]
 *   GET  /help/collections/{id}               → {collection: HelpCollection, articles: HelpArticleSummary[]}
 *   GET  /help/articles/{id}                  → HelpArticle
 *   GET  /help/search?q=                      → HelpSearchResult[] (ranked, best first, at most 20)
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   help/collections, help/articles:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is the kind's *Write schema;
 *     404 unknown project or record, 409 a collection that still has articles (DELETE …?force=true
 *     deletes them too), 400 invalid fields
 *   GET  help/search-preview?q=&lang=en|de|ar&drafts=     → HelpSearchPreview (the widget search's ranking)
 */

/**
 * The help center speaks the widget's languages (content-languages.ts): the record's own fields are
 * the English version, `translations.de` and `translations.ar` the others. A visitor gets the version
 * of the messenger's language (the widget routes' `lang`, else the session's), and English wherever
 * that version is missing or a field of it is empty.
 */
export const helpLanguages = contentLanguages;
export type HelpLanguage = ContentLanguage;
export const helpBaseLanguage = contentBaseLanguage;
/** The languages a record may carry besides its own (English) fields. */
export type HelpTranslationLanguage = TranslationLanguage;

/** A URL-friendly name of an article (`reset-your-password`): lower-case letters, digits and dashes. */
export const HelpSlug = pattern(boundedText(0, 120), /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);

export const HelpCollectionVersion = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
});
export type HelpCollectionVersion = Infer<typeof HelpCollectionVersion>;

export const HelpCollectionWrite = object({
  ...HelpCollectionVersion.schema,
  icon: optional(boundedText(0, 40)),
  position: optional(Position),
  translations: translationsOf(HelpCollectionVersion),
});
export type HelpCollectionWrite = Infer<typeof HelpCollectionWrite>;

export interface HelpCollection {
  id: string;
  title: string;
  description: string;
  icon: string;
  articleCount: number;
}

export const HelpArticleVersion = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  ...htmlBodyFields,
});
export type HelpArticleVersion = Infer<typeof HelpArticleVersion>;

export const HelpArticleWrite = object({
  collectionId: boundedText(1, 128),
  ...HelpArticleVersion.schema,
  /** Unique in the project; empty or missing: made from the (English) title. */
  slug: optional(HelpSlug),
  status: enums(["draft", "live"]),
  position: optional(Position),
  translations: translationsOf(HelpArticleVersion),
});
export type HelpArticleWrite = Infer<typeof HelpArticleWrite>;

export interface HelpArticleSummary {
  id: string;
  collectionId: string;
  title: string;
  description: string;
}

export interface HelpArticle extends HelpArticleSummary {
  body: string;
  updatedAt: string;
}

export interface HelpSearchResult extends HelpArticleSummary {
  /** A plain-text excerpt around the first match (of the body, else the description), at most ~160 characters. */
  snippet: string;
  score: number;
}

/** `GET /help/search?q=`: at most this many characters of query (longer is a 400) and results. */
export const helpSearchLimits = { queryLength: 200, results: 20 } as const;

/**
 * Admin `GET /api/projects/{p}/help/search-preview?q=&lang=en|de|ar&drafts=true|false`: the messenger's
 * ranking over the project's articles in that language (live ones, and drafts too when asked).
 */
export interface HelpSearchPreview {
  language: HelpLanguage;
  results: Array<HelpSearchResult & { status: "draft" | "live" }>;
}

// ---------- admin answers (under /api/projects) ----------

export interface AdminHelpCollection extends Stored {
  title: string;
  description: string;
  icon: string;
  position: number;
  /** Articles of every status. */
  articleCount: number;
  translations: Translations<HelpCollectionVersion>;
}

/** A stored language version of an article: what was written, and its body as served. */
export interface AdminHelpArticleVersion {
  title: string;
  description: string;
  body: string;
  bodyDoc: TipTapDoc | null;
}

export interface AdminHelpArticle extends Stored, AdminHelpArticleVersion {
  collectionId: string;
  slug: string;
  status: "draft" | "live";
  position: number;
  translations: Translations<AdminHelpArticleVersion>;
}
