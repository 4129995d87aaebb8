import type { SQL } from "bun";
import type {
  AdminHelpArticle,
  AdminHelpCollection,
  HelpArticle,
  HelpArticleSummary,
  HelpArticleWrite,
  HelpCollection,
  HelpCollectionWrite,
} from "../../../shared/messenger-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import {
  deleteProjectRow,
  insertProjectRow,
  listProjectRows,
  projectRowWrites,
  updateProjectRow,
} from "../project-rows.ts";
import {
  contentStatus,
  foundOrNot,
  notFound,
  textKey,
  toCount,
  type WriteOutcome,
} from "../repository-helpers.ts";
import { htmlToText, sanitizeHtml } from "../rich-text/html-sanitizer.ts";
import type { SearchableArticle } from "./help-search.ts";

/** The help center: collections (help_collections) of articles (help_articles). */

interface CollectionRow {
  id: string;
  title: string;
  description: string;
  icon: string;
  position: number | string;
  article_count?: number | string | bigint;
  created_at: string;
  updated_at: string;
}

interface ArticleRow {
  id: string;
  collection_id: string;
  title: string;
  description: string;
  body: string;
  status: string;
  position: number | string;
  created_at: string;
  updated_at: string;
}

function collectionFromRow(row: CollectionRow): AdminHelpCollection {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    position: toCount(row.position),
    articleCount: toCount(row.article_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function articleFromRow(row: ArticleRow): AdminHelpArticle {
  return {
    id: row.id,
    collectionId: row.collection_id,
    title: row.title,
    description: row.description,
    body: row.body,
    status: contentStatus(row.status),
    position: toCount(row.position),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const collectionNotFoundMessage = "Help collection not found";
export const articleNotFoundMessage = "Help article not found";
export const collectionHasArticlesMessage = "The help collection still has articles";

// ---------- the widget's reads: live articles only ----------

const liveCount = "(SELECT count(*) FROM help_articles a WHERE a.collection_id = c.id AND a.status = 'live')";

/** Collections with at least one live article, in their order, with the live article counts. */
export async function listLiveCollections(sql: SQL, projectId: string): Promise<HelpCollection[]> {
  const rows = await sql`SELECT c.*, ${sql.unsafe(liveCount)} AS article_count FROM help_collections c
    WHERE c.project_id = ${projectId}
      AND EXISTS (SELECT 1 FROM help_articles a WHERE a.collection_id = c.id AND a.status = ${"live"})
    ORDER BY c.position, c.title_key, c.id`;
  return (rows as CollectionRow[]).map((row) => {
    const { id, title, description, icon, articleCount } = collectionFromRow(row);
    return { id, title, description, icon, articleCount };
  });
}

export async function findLiveCollection(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<{ collection: HelpCollection; articles: HelpArticleSummary[] } | null> {
  const collection = (await listLiveCollections(sql, projectId)).find((candidate) => candidate.id === id);
  if (!collection) return null;
  const rows = await sql`SELECT id, collection_id, title, description FROM help_articles
    WHERE collection_id = ${id} AND status = ${"live"} ORDER BY position, title_key, id`;
  const articles = (rows as ArticleRow[]).map((row) => ({
    id: row.id,
    collectionId: row.collection_id,
    title: row.title,
    description: row.description,
  }));
  return { collection, articles };
}

export async function findLiveArticle(sql: SQL, projectId: string, id: string): Promise<HelpArticle | null> {
  const [row] = await sql`SELECT * FROM help_articles
    WHERE id = ${id} AND project_id = ${projectId} AND status = ${"live"}`;
  if (!row) return null;
  const article = articleFromRow(row as ArticleRow);
  return {
    id: article.id,
    collectionId: article.collectionId,
    title: article.title,
    description: article.description,
    body: article.body,
    updatedAt: article.updatedAt,
  };
}

/** What search ranks: the project's live articles, with their bodies as plain text. */
export async function listSearchableArticles(sql: SQL, projectId: string): Promise<SearchableArticle[]> {
  const rows = await sql`SELECT id, collection_id, title, description, body_text FROM help_articles
    WHERE project_id = ${projectId} AND status = ${"live"}`;
  return (
    rows as Array<{
      id: string;
      collection_id: string;
      title: string;
      description: string;
      body_text: string;
    }>
  ).map((row) => ({
    id: row.id,
    collectionId: row.collection_id,
    title: row.title,
    description: row.description,
    bodyText: row.body_text,
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
  const { rows, total } = await listProjectRows<CollectionRow>(sql, projectId, query, {
    table: "help_collections",
    alias: "c",
    select: `c.*, ${allCount} AS article_count`,
    searchColumns: ["c.title_key"],
  });
  return { items: rows.map(collectionFromRow), total };
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
  };
}

const collectionWrites = projectRowWrites("help_collections", collectionColumns, collectionNotFoundMessage);

export const insertCollection = collectionWrites.insert;

export const updateCollection = collectionWrites.update;

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
  const { rows, total } = await listProjectRows<ArticleRow>(sql, projectId, query, {
    table: "help_articles",
    searchColumns: ["title_key"],
    status: query.params.get("status"),
    where: collectionId ? [sql`collection_id = ${collectionId}`] : [],
  });
  return { items: rows.map(articleFromRow), total };
}

export async function findArticle(sql: SQL, projectId: string, id: string): Promise<AdminHelpArticle | null> {
  const [row] = await sql`SELECT * FROM help_articles WHERE id = ${id} AND project_id = ${projectId}`;
  return row ? articleFromRow(row as ArticleRow) : null;
}

/** The stored columns: the body sanitized, and its plain text for search. */
function articleColumns(body: HelpArticleWrite) {
  const html = sanitizeHtml(body.body);
  return {
    collection_id: body.collectionId,
    title: body.title.trim(),
    title_key: textKey(body.title),
    description: body.description?.trim() ?? "",
    body: html,
    body_text: htmlToText(html),
    status: body.status,
    position: body.position ?? 0,
  };
}

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
