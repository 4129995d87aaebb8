import type { SQL } from "bun";
import {
  localizedVersion,
  storedTranslations,
  type Translations,
  translationLanguages,
} from "../../../shared/content-languages.ts";
import type {
  AdminHelpArticle,
  AdminHelpArticleVersion,
  AdminHelpCollection,
  HelpArticle,
  HelpArticleSummary,
  HelpArticleVersion,
  HelpArticleWrite,
  HelpCollection,
  HelpCollectionVersion,
  HelpCollectionWrite,
  HelpLanguage,
} from "../../../shared/help-center-api.ts";
import { slugFromTitle } from "../../../shared/help-slug.ts";
import type { TipTapDoc } from "../../../shared/tiptap-doc.ts";
import { tipTapToHtml } from "../../../shared/tiptap-html.ts";
import type { ListQuery } from "../../http/list-query.ts";
import {
  deleteProjectRow,
  findProjectRecord,
  insertProjectRow,
  listProjectRecords,
  projectRowWrites,
  updateProjectRow,
} from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import {
  contentStatus,
  foundOrNot,
  notFound,
  parseJson,
  textKey,
  toCount,
  type WriteOutcome,
} from "../repository-helpers.ts";
import { htmlToText, sanitizeHtml } from "../rich-text/html-sanitizer.ts";
import type { SearchableArticle } from "./help-search.ts";

/**
 * The help center: collections (help_collections) of articles (help_articles), each in English (its
 * columns) and the widget's other languages (`translations.de`, `translations.ar`, JSON); the widget's
 * reads pick a language (src/shared/content-languages.ts).
 */

interface CollectionRow extends RecordRow {
  title: string;
  description: string;
  icon: string;
  position: number | string;
  article_count?: number | string | bigint;
  translations: string;
}

interface ArticleRow extends RecordRow {
  collection_id: string;
  title: string;
  description: string;
  body: string;
  body_doc: string | null;
  slug: string;
  translations: string;
  status: string;
  position: number | string;
}

/** A stored version of another language: as written, its body rendered, and that body as plain text. */
interface StoredArticleVersion extends AdminHelpArticleVersion {
  bodyText: string;
}

const collectionTranslations = (json: string) =>
  storedTranslations<HelpCollectionVersion>(parseJson<unknown>(json, {}));

const articleTranslations = (json: string) =>
  storedTranslations<StoredArticleVersion>(parseJson<unknown>(json, {}));

/** Each language's version through `convert`, languages without one left out. */
function eachVersion<T, U>(translations: Translations<T>, convert: (version: T) => U): Translations<U> {
  const converted: Translations<U> = {};
  for (const language of translationLanguages) {
    const version = translations[language];
    if (version) converted[language] = convert(version);
  }
  return converted;
}

/** What the admin reads of a stored version (the plain text is for search only). */
const adminVersion = ({
  title,
  description,
  body,
  bodyDoc,
}: StoredArticleVersion): AdminHelpArticleVersion => ({
  title,
  description,
  body,
  bodyDoc,
});

function collectionFromRow(row: CollectionRow): AdminHelpCollection {
  return {
    ...rowFields(row, "id title description icon position article_count translations created_at updated_at"),
    position: toCount(row.position),
    articleCount: toCount(row.article_count),
    translations: collectionTranslations(row.translations),
  };
}

const articleFields =
  "id collection_id slug title description body body_doc translations status position created_at updated_at";

function articleFromRow(row: ArticleRow): AdminHelpArticle {
  return {
    ...rowFields(row, articleFields),
    bodyDoc: row.body_doc === null ? null : parseJson<TipTapDoc | null>(row.body_doc, null),
    translations: eachVersion(articleTranslations(row.translations), adminVersion),
    status: contentStatus(row.status),
    position: toCount(row.position),
  };
}

export const collectionNotFoundMessage = "Help collection not found";
export const articleNotFoundMessage = "Help article not found";
export const collectionHasArticlesMessage = "The help collection still has articles";

// ---------- the widget's reads: live articles only ----------

const liveCount = "(SELECT count(*) FROM help_articles a WHERE a.collection_id = c.id AND a.status = 'live')";

/** Collections with at least one live article, in their order, with the live article counts. */
export async function listLiveCollections(
  sql: SQL,
  projectId: string,
  language: HelpLanguage = "en",
): Promise<HelpCollection[]> {
  const rows = await sql`SELECT c.*, ${sql.unsafe(liveCount)} AS article_count FROM help_collections c
    WHERE c.project_id = ${projectId}
      AND EXISTS (SELECT 1 FROM help_articles a WHERE a.collection_id = c.id AND a.status = ${"live"})
    ORDER BY c.position, c.title_key, c.id`;
  return (rows as CollectionRow[]).map((row) => {
    const { id, title, description, icon, articleCount, translations } = collectionFromRow(row);
    return { id, ...localizedVersion({ title, description }, translations, language), icon, articleCount };
  });
}

export async function findLiveCollection(
  sql: SQL,
  projectId: string,
  id: string,
  language: HelpLanguage = "en",
): Promise<{ collection: HelpCollection; articles: HelpArticleSummary[] } | null> {
  const collection = (await listLiveCollections(sql, projectId, language)).find(
    (candidate) => candidate.id === id,
  );
  if (!collection) return null;
  const rows = await sql`SELECT id, collection_id, title, description, translations FROM help_articles
    WHERE collection_id = ${id} AND status = ${"live"} ORDER BY position, title_key, id`;
  const articles = (rows as ArticleRow[]).map((row) => ({
    id: row.id,
    collectionId: row.collection_id,
    ...localizedVersion(
      { title: row.title, description: row.description },
      articleTranslations(row.translations),
      language,
    ),
  }));
  return { collection, articles };
}

/** A live article by its id or its slug, in `language` where it has that version. */
export async function findLiveArticle(
  sql: SQL,
  projectId: string,
  idOrSlug: string,
  language: HelpLanguage = "en",
): Promise<HelpArticle | null> {
  const [row] = await sql`SELECT * FROM help_articles
    WHERE (id = ${idOrSlug} OR (slug <> ${""} AND slug = ${idOrSlug}))
      AND project_id = ${projectId} AND status = ${"live"}`;
  if (!row) return null;
  const article = articleFromRow(row as ArticleRow);
  const { title, description, body } = localizedVersion(
    { title: article.title, description: article.description, body: article.body },
    article.translations,
    language,
  );
  return {
    id: article.id,
    collectionId: article.collectionId,
    title,
    description,
    body,
    updatedAt: article.updatedAt,
  };
}

interface SearchableRow {
  id: string;
  collection_id: string;
  title: string;
  description: string;
  body_text: string;
  translations: string;
  status: string;
}

/**
 * What search ranks: the project's live articles (drafts too, for the admin's preview) in `language`,
 * with their bodies as plain text.
 */
export async function listSearchableArticles(
  sql: SQL,
  projectId: string,
  language: HelpLanguage = "en",
  { drafts = false }: { drafts?: boolean } = {},
): Promise<Array<SearchableArticle & { status: "draft" | "live" }>> {
  const rows = drafts
    ? await sql`SELECT id, collection_id, title, description, body_text, translations, status
        FROM help_articles WHERE project_id = ${projectId}`
    : await sql`SELECT id, collection_id, title, description, body_text, translations, status
        FROM help_articles WHERE project_id = ${projectId} AND status = ${"live"}`;
  return (rows as SearchableRow[]).map((row) => ({
    id: row.id,
    collectionId: row.collection_id,
    ...localizedVersion(
      { title: row.title, description: row.description, bodyText: row.body_text },
      articleTranslations(row.translations),
      language,
    ),
    status: contentStatus(row.status),
  }));
}

export async function hasLiveArticles(sql: SQL, projectId: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM help_articles
    WHERE project_id = ${projectId} AND status = ${"live"} LIMIT 1`;
  return row !== undefined;
}

// ---------- the admin's collections ----------

const allCount = "(SELECT count(*) FROM help_articles a WHERE a.collection_id = c.id)";

export const collectionSortColumns: Record<string, string> = {
  position: "c.position",
  title: "c.title_key",
  articles: "article_count",
  createdAt: "c.created_at",
  updatedAt: "c.updated_at",
};

export async function listCollections(sql: SQL, projectId: string, query: ListQuery) {
  return listProjectRecords(sql, projectId, query, {
    table: "help_collections",
    alias: "c",
    select: `c.*, ${allCount} AS article_count`,
    searchColumns: ["c.title_key"],
    toItem: collectionFromRow,
  });
}

export async function findCollection(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<AdminHelpCollection | null> {
  const [row] = await sql`SELECT c.*, ${sql.unsafe(allCount)} AS article_count FROM help_collections c
    WHERE c.id = ${id} AND c.project_id = ${projectId}`;
  return row ? collectionFromRow(row as CollectionRow) : null;
}

function collectionColumns(body: HelpCollectionWrite) {
  return {
    title: body.title.trim(),
    title_key: textKey(body.title),
    description: body.description?.trim() ?? "",
    icon: body.icon?.trim() ?? "",
    position: body.position ?? 0,
    translations: JSON.stringify(
      eachVersion(body.translations ?? {}, (version) =>
        version ? { title: version.title.trim(), description: version.description?.trim() ?? "" } : null,
      ),
    ),
  };
}

export const { insert: insertCollection, update: updateCollection } = projectRowWrites(
  "help_collections",
  collectionColumns,
  collectionNotFoundMessage,
);

/** Deletes a collection; one that still has articles only with `force` (then its articles go too). */
export async function deleteCollection(
  sql: SQL,
  projectId: string,
  id: string,
  force: boolean,
): Promise<WriteOutcome> {
  const [row] = await sql`SELECT id FROM help_collections WHERE id = ${id} AND project_id = ${projectId}`;
  if (!row) return notFound(collectionNotFoundMessage);
  if (force) await sql`DELETE FROM help_articles WHERE collection_id = ${id}`;
  // The article check sits in the statement, so an article added meanwhile still keeps the collection.
  const deleted = await sql`DELETE FROM help_collections WHERE id = ${id}
    AND NOT EXISTS (SELECT 1 FROM help_articles WHERE collection_id = ${id}) RETURNING id`;
  return deleted.length > 0
    ? { ok: true, id }
    : { ok: false, status: 409, error: collectionHasArticlesMessage };
}

// ---------- the admin's articles ----------

export const articleSortColumns: Record<string, string> = {
  position: "position",
  title: "title_key",
  status: "status",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

export async function listArticles(sql: SQL, projectId: string, query: ListQuery) {
  const collectionId = query.params.get("collectionId");
  return listProjectRecords(sql, projectId, query, {
    table: "help_articles",
    searchColumns: ["title_key"],
    status: query.params.get("status"),
    where: collectionId ? [sql`collection_id = ${collectionId}`] : [],
    toItem: articleFromRow,
  });
}

export async function findArticle(sql: SQL, projectId: string, id: string): Promise<AdminHelpArticle | null> {
  return findProjectRecord(sql, "help_articles", { projectId, id }, articleFromRow);
}

/**
 * A version as stored: the editor's document rendered to HTML (else the HTML sent), sanitized either
 * way, and its plain text for search.
 */
function storedVersion(version: HelpArticleVersion): StoredArticleVersion {
  const body = sanitizeHtml(version.bodyDoc ? tipTapToHtml(version.bodyDoc) : (version.body ?? ""));
  return {
    title: version.title.trim(),
    description: version.description?.trim() ?? "",
    body,
    bodyDoc: version.bodyDoc ?? null,
    bodyText: htmlToText(body),
  };
}

/** The stored columns: the English version in the row's own, the others in `translations`. */
function articleColumns(write: HelpArticleWrite) {
  const english = storedVersion(write);
  return {
    collection_id: write.collectionId,
    slug: write.slug || slugFromTitle(write.title),
    title: english.title,
    title_key: textKey(write.title),
    description: english.description,
    body: english.body,
    body_doc: english.bodyDoc ? JSON.stringify(english.bodyDoc) : null,
    body_text: english.bodyText,
    translations: JSON.stringify(
      eachVersion(write.translations ?? {}, (version) => (version ? storedVersion(version) : null)),
    ),
    status: write.status,
    position: write.position ?? 0,
  };
}

export const articleSlugTakenMessage = "Another article of this project has this slug";

const unknownCollection = (id: string): WriteOutcome => ({
  ok: false,
  status: 400,
  error: `No help collection ${id} in this project`,
  field: "collectionId",
});

async function collectionInProject(sql: SQL, projectId: string, id: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM help_collections WHERE id = ${id} AND project_id = ${projectId}`;
  return row !== undefined;
}

export async function insertArticle(
  sql: SQL,
  projectId: string,
  body: HelpArticleWrite,
  id: string = Bun.randomUUIDv7(),
): Promise<WriteOutcome> {
  if (!(await collectionInProject(sql, projectId, body.collectionId)))
    return unknownCollection(body.collectionId);
  return insertProjectRow(sql, "help_articles", projectId, id, articleColumns(body));
}

export async function updateArticle(
  sql: SQL,
  projectId: string,
  id: string,
  body: HelpArticleWrite,
): Promise<WriteOutcome> {
  if (!(await findArticle(sql, projectId, id))) return notFound(articleNotFoundMessage);
  if (!(await collectionInProject(sql, projectId, body.collectionId)))
    return unknownCollection(body.collectionId);
  await updateProjectRow(sql, "help_articles", { projectId, id }, articleColumns(body));
  return { ok: true, id };
}

export async function deleteArticle(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  const deleted = await deleteProjectRow(sql, "help_articles", { projectId, id });
  return foundOrNot(deleted, id, articleNotFoundMessage);
}
