import { enums, type Infer, nullable, object, optional } from "superstruct";
import { type Translations, translationsOf } from "./content-languages.ts";
import { boundedText, ImageUrl, type Stored } from "./payload-text.ts";
import { htmlBodyFields } from "./rich-text-api.ts";
import type { TipTapDoc } from "./tiptap-doc.ts";

/**
 * The messenger's news: what the frame app reads under `/api/widget` with the session headers, and what
 * the admin writes under `/api/projects/{projectId}/…`. Posts travel as HTML, which every client
 * sanitizes before showing it.
 *
 * Widget routes (session auth, JSON):
 *   GET  /news                                → NewsSummary[] (newest first)
 *   GET  /news/{id}                           → NewsPost
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   news:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is NewsWrite; 404 unknown
 *     project or record, 400 invalid fields
 */

/** A post in another language: its own title, and what else it translates (empty: the English). */
export const NewsVersion = object({
  title: boundedText(1, 200),
  preview: optional(boundedText(0, 500)),
  ...htmlBodyFields,
});
export type NewsVersion = Infer<typeof NewsVersion>;

export const NewsWrite = object({
  ...NewsVersion.schema,
  // The English body is required (the admin sends "" when it sends `bodyDoc`); the key keeps its place.
  body: boundedText(0, 200_000),
  coverImageUrl: optional(nullable(ImageUrl)),
  authorName: optional(boundedText(0, 200)),
  status: enums(["draft", "live"]),
  /** The post in the widget's other languages; a visitor of another language gets the English one. */
  translations: translationsOf(NewsVersion),
});
export type NewsWrite = Infer<typeof NewsWrite>;

export interface NewsSummary {
  id: string;
  title: string;
  preview: string;
  coverImageUrl: string | null;
  authorName: string;
  /** When the post first went live. */
  publishedAt: string;
}

export interface NewsPost extends NewsSummary {
  body: string;
}

// ---------- admin answers (under /api/projects) ----------

/** A stored language version of a post: what was written, and its body as served. */
export interface AdminNewsVersion {
  title: string;
  preview: string;
  /** The HTML visitors get. */
  body: string;
  /** The body as the editor wrote it; null for a post written as HTML (before the editor, or by API). */
  bodyDoc: TipTapDoc | null;
}

export interface AdminNewsPost extends Stored, AdminNewsVersion {
  coverImageUrl: string | null;
  authorName: string;
  status: "draft" | "live";
  /** Set when the post first goes live; null for a draft that never was. */
  publishedAt: string | null;
  translations: Translations<AdminNewsVersion>;
}
