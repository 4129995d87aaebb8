import type { SQL } from "bun";
import {
  type ContentLanguage,
  contentBaseLanguage,
  localizedVersion,
  storedTranslations,
  type Translations,
  translationLanguages,
} from "../../../shared/content-languages.ts";
import type {
  AdminNewsPost,
  AdminNewsVersion,
  NewsPost,
  NewsSummary,
  NewsVersion,
  NewsWrite,
} from "../../../shared/news-api.ts";
import type { TipTapDoc } from "../../../shared/tiptap-doc.ts";
import { isTipTapDoc } from "../../../shared/tiptap-html.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { deleteProjectRow, findProjectRecord, listProjectRecords } from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import {
  contentStatus,
  foundOrNot,
  notFound,
  nowIso,
  optionalUrl,
  parseJson,
  textKey,
  type WriteOutcome,
} from "../repository-helpers.ts";
import { richBodyHtml } from "../rich-text/rich-text-rendering.ts";

/**
 * News posts (table news_posts). A post is published when it first goes live; the date stays after.
 * Its own columns are the English version; `translations` (JSON) the German and Arabic ones, of which
 * a visitor gets their language's, field by field (src/shared/content-languages.ts).
 */

interface NewsRow extends RecordRow {
  title: string;
  preview: string;
  body: string;
  body_doc: string | null;
  cover_image_url: string | null;
  author_name: string;
  status: string;
  published_at: string | null;
  translations: string;
}

/** A stored version as the admin reads it (a hand-written row may lack fields: they read as empty). */
function adminVersion(stored: Partial<AdminNewsVersion>): AdminNewsVersion {
  return {
    title: typeof stored.title === "string" ? stored.title : "",
    preview: typeof stored.preview === "string" ? stored.preview : "",
    body: typeof stored.body === "string" ? stored.body : "",
    bodyDoc: isTipTapDoc(stored.bodyDoc) ? (stored.bodyDoc as TipTapDoc) : null,
  };
}

function translationsFromRow(json: string): Translations<AdminNewsVersion> {
  const stored = storedTranslations<Partial<AdminNewsVersion>>(parseJson<unknown>(json, {}));
  const versions: Translations<AdminNewsVersion> = {};
  for (const language of translationLanguages) {
    const version = stored[language];
    if (version) versions[language] = adminVersion(version);
  }
  return versions;
}

/** The editor's document as stored; a row without one (or with one no longer readable) has only HTML. */
function storedDoc(json: string | null): TipTapDoc | null {
  const doc = json === null ? null : parseJson<unknown>(json, null);
  return isTipTapDoc(doc) ? (doc as TipTapDoc) : null;
}

const newsColumns =
  "id title preview body body_doc cover_image_url author_name status published_at translations created_at updated_at";

function fromRow(row: NewsRow): AdminNewsPost {
  return {
    ...rowFields(row, newsColumns),
    bodyDoc: storedDoc(row.body_doc),
    status: contentStatus(row.status),
    translations: translationsFromRow(row.translations ?? "{}"),
  };
}

/** The post's title, preview and body in `language` (English where that version says nothing). */
function textsIn(post: AdminNewsPost, language: ContentLanguage) {
  const base = { title: post.title, preview: post.preview, body: post.body };
  return language === contentBaseLanguage ? base : localizedVersion(base, post.translations, language);
}

function summary(post: AdminNewsPost, language: ContentLanguage): NewsSummary {
  const { title, preview } = textsIn(post, language);
  return {
    id: post.id,
    title,
    preview,
    coverImageUrl: post.coverImageUrl,
    authorName: post.authorName,
    publishedAt: post.publishedAt ?? post.createdAt,
  };
}

export const newsNotFoundMessage = "News post not found";

/** Live posts, newest first, in `language` where a post has that version. */
export async function listLiveNews(
  sql: SQL,
  projectId: string,
  { limit = 100, language = contentBaseLanguage }: { limit?: number; language?: ContentLanguage } = {},
): Promise<NewsSummary[]> {
  const rows = await sql`SELECT * FROM news_posts WHERE project_id = ${projectId} AND status = ${"live"}
    ORDER BY published_at DESC, id DESC LIMIT ${limit}`;
  return (rows as NewsRow[]).map((row) => summary(fromRow(row), language));
}

export async function findLiveNews(
  sql: SQL,
  projectId: string,
  id: string,
  language: ContentLanguage = contentBaseLanguage,
): Promise<NewsPost | null> {
  const [row] = await sql`SELECT * FROM news_posts
    WHERE id = ${id} AND project_id = ${projectId} AND status = ${"live"}`;
  if (!row) return null;
  const post = fromRow(row as NewsRow);
  return { ...summary(post, language), body: textsIn(post, language).body };
}

export const newsSortColumns: Record<string, string> = {
  publishedAt: "published_at",
  title: "title_key",
  status: "status",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

export async function listNews(sql: SQL, projectId: string, query: ListQuery) {
  return listProjectRecords(sql, projectId, query, {
    table: "news_posts",
    searchColumns: ["title_key"],
    status: query.params.get("status"),
    toItem: fromRow,
  });
}

export async function findNews(sql: SQL, projectId: string, id: string): Promise<AdminNewsPost | null> {
  return findProjectRecord(sql, "news_posts", { projectId, id }, fromRow);
}

/** A version as stored: the editor's document rendered to sanitized HTML (else the HTML sent, cleaned). */
function storedVersion(version: NewsVersion): AdminNewsVersion {
  return {
    title: version.title.trim(),
    preview: version.preview?.trim() ?? "",
    body: richBodyHtml(version.bodyDoc ?? version.body ?? ""),
    bodyDoc: version.bodyDoc ?? null,
  };
}

function storedNewsTranslations(body: NewsWrite): Translations<AdminNewsVersion> {
  const stored: Translations<AdminNewsVersion> = {};
  for (const language of translationLanguages) {
    const version = body.translations?.[language];
    if (version) stored[language] = storedVersion(version);
  }
  return stored;
}

function columns(body: NewsWrite) {
  return {
    title: body.title.trim(),
    title_key: textKey(body.title),
    preview: body.preview?.trim() ?? "",
    // A document is kept as written and rendered for visitors; HTML (older clients) is only cleaned.
    body: richBodyHtml(body.bodyDoc ?? body.body),
    body_doc: body.bodyDoc ? JSON.stringify(body.bodyDoc) : null,
    cover_image_url: optionalUrl(body.coverImageUrl),
    author_name: body.authorName?.trim() ?? "",
    status: body.status,
    translations: JSON.stringify(storedNewsTranslations(body)),
  };
}

export async function insertNews(
  sql: SQL,
  projectId: string,
  body: NewsWrite,
  options: { id?: string; publishedAt?: string } = {},
): Promise<WriteOutcome> {
  const id = options.id ?? Bun.randomUUIDv7();
  const now = nowIso();
  const publishedAt = body.status === "live" ? (options.publishedAt ?? now) : null;
  await sql`INSERT INTO news_posts ${sql({ id, project_id: projectId, ...columns(body), published_at: publishedAt, created_at: now, updated_at: now })}`;
  return { ok: true, id };
}

export async function updateNews(
  sql: SQL,
  projectId: string,
  id: string,
  body: NewsWrite,
): Promise<WriteOutcome> {
  const now = nowIso();
  // The first time a post goes live is its publication date; later edits keep it.
  const updated = await sql`UPDATE news_posts SET ${sql({ ...columns(body), updated_at: now })},
      published_at = COALESCE(published_at, ${body.status === "live" ? now : null})
    WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return updated.length > 0 ? { ok: true, id } : notFound(newsNotFoundMessage);
}

export async function deleteNews(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  const deleted = await deleteProjectRow(sql, "news_posts", { projectId, id });
  return foundOrNot(deleted, id, newsNotFoundMessage);
}
