import type { SQL } from "bun";
import {
  facetMark,
  ftsTableOf,
  type SearchColumn,
  type SearchTable,
} from "../../database/migrations/040-report-search-schema.ts";
import { postgresSearchConfig } from "../../database/migrations/042-search-accent-folding.ts";
import type { SearchTerm } from "./search-query.ts";

/**
 * The full-text look-up of both engines behind one interface: SQLite's FTS5 (bm25) and PostgreSQL's
 * tsvector (ts_rank), over the search documents of migration 040 (`d`), indexed with accents
 * folded (migration 042): each engine folds the searched words as it folded the texts. A request
 * names the words searched, the filters as facet words (which the index checks itself, exactly) and
 * any conditions on other rows; the answer is the newest `limit` matching documents with their
 * relevance, which the caller ranks (search-results.ts). A document's id is the order documents
 * arrived in: its recency.
 */

export interface SearchRequest {
  search: SearchTable;
  terms: readonly SearchTerm[];
  /** Facet words (search-results.ts's facetWord); every group must have one of its facets. */
  facets: ReadonlyArray<readonly string[]>;
  /** Joins after the document table `d`, when a condition needs the indexed row itself. */
  joins?: SQL.Query<unknown>;
  /** Conditions the facets cannot say, all of which must hold. */
  where: ReadonlyArray<SQL.Query<unknown>>;
  /** How many of the newest matches to answer. */
  limit: number;
}

export interface SearchHit {
  /** The indexed row's id (a report's or a conversation's). */
  id: string;
  /** Higher is more relevant; comparable within one answer only. */
  relevance: number;
  /** Higher is newer (the document's id). */
  recency: number;
}

export interface SearchIndex {
  /** The newest `request.limit` documents that match, newest first, each with its relevance. */
  newestMatches(sql: SQL, request: SearchRequest): Promise<SearchHit[]>;
}

/** How much a word found in each weight class counts (bm25 weights on SQLite). */
const sqliteWeights: Record<SearchColumn["weight"], number> = { A: 10, B: 5, C: 2 };

/** ts_rank's weights, in its order {D, C, B, A} (D is unused). */
const postgresWeights = "{0, 0.2, 0.5, 1}";

interface HitRow {
  id: string;
  doc_id: number | string;
  relevance: number | string;
}

const allOf = (sql: SQL, conditions: ReadonlyArray<SQL.Query<unknown>>) =>
  conditions.reduce((all, next) => sql`${all} AND ${next}`, sql`1 = 1`);

const toHits = (rows: HitRow[], sign: number): SearchHit[] =>
  rows.map((row) => ({ id: row.id, relevance: sign * Number(row.relevance), recency: Number(row.doc_id) }));

/** An FTS5 phrase: words only ever made of letters and digits (search-query.ts), so quoting is safe. */
const ftsPhrase = (words: readonly string[], prefix = false) => `"${words.join(" ")}"${prefix ? "*" : ""}`;

/** The FTS5 expression: the searched words in the text columns, each facet group in `facets`. */
export function ftsExpression(request: Pick<SearchRequest, "search" | "terms" | "facets">): string {
  const columns = request.search.columns.map((column) => column.column).join(" ");
  const words = request.terms.map((term) => ftsPhrase(term.words, term.prefix)).join(" AND ");
  const facets = request.facets.map(
    (group) => `{facets} : (${group.map((facet) => ftsPhrase([facet])).join(" OR ")})`,
  );
  return [`{${columns}} : (${words})`, ...facets].join(" AND ");
}

const sqliteIndex: SearchIndex = {
  async newestMatches(sql, request) {
    const fts = sql.unsafe(ftsTableOf(request.search.table));
    const weights = [...request.search.columns.map((column) => sqliteWeights[column.weight]), 0].join(", ");
    const rows = await sql`SELECT d.${sql.unsafe(request.search.owner.column)} AS id, d.doc_id,
        bm25(${fts}, ${sql.unsafe(weights)}) AS relevance
      FROM ${fts} JOIN ${sql.unsafe(request.search.table)} d ON d.doc_id = ${fts}.rowid
        ${request.joins ?? sql``}
      WHERE ${fts} MATCH ${ftsExpression(request)} AND ${allOf(sql, request.where)}
      ORDER BY ${fts}.rowid DESC LIMIT ${request.limit}`;
    // bm25 is lower for better matches.
    return toHits(rows as HitRow[], -1);
  },
};

/** A tsquery phrase: `'anna' <-> 'example'` (`:*` on the last word of a prefix). */
const tsPhrase = (words: readonly string[], prefix = false) =>
  `(${words.map((word, i) => `'${word}'${prefix && i === words.length - 1 ? ":*" : ""}`).join(" <-> ")})`;

/** The tsquery of the searched words (text for `to_tsquery('search_folded', …)`, which folds them). */
export function tsWords(request: Pick<SearchRequest, "terms">): string {
  return request.terms.map((term) => tsPhrase(term.words, term.prefix)).join(" & ");
}

/**
 * The facet groups as a tsquery of verbatim lexemes (text for a `::tsquery` cast, which keeps them as
 * written): `('§fstopen' | '§fstdone') & '§fpj…'`; null without facets.
 */
export function tsFacets(request: Pick<SearchRequest, "facets">): string | null {
  if (request.facets.length === 0) return null;
  return request.facets
    .map((group) => `(${group.map((facet) => `'${facetMark}${facet}'`).join(" | ")})`)
    .join(" & ");
}

/**
 * The newest documents of `request` among those after `after` (all when null), on PostgreSQL, with
 * `sql` (a transaction with a custom plan for this query).
 */
async function postgresMatchesAfter(
  sql: SQL,
  request: SearchRequest,
  after: number | null,
): Promise<HitRow[]> {
  const words = tsWords(request);
  const facets = tsFacets(request);
  const config = sql.unsafe(`'${postgresSearchConfig}'`);
  const match =
    facets === null
      ? sql`to_tsquery(${config}, ${words})`
      : sql`to_tsquery(${config}, ${words}) && ${facets}::tsquery`;
  // Among the newest documents, walking the ids from the newest stops as soon as enough match; over
  // all of them, `doc_id + 0` has the matches found in the GIN index and sorted instead of walking
  // the ids and reading every document's vector (from TOAST) until enough match, which a word that
  // few documents hold would do through the whole table. The relevance is computed outside the
  // LIMIT: only for the documents answered, never for every match.
  const newer = after === null ? sql`` : sql`AND d.doc_id > ${after}`;
  const order = sql.unsafe(after === null ? "d.doc_id + 0" : "d.doc_id");
  return (await sql`SELECT w.id, w.doc_id,
      ts_rank(${postgresWeights}::real[], w.vector, to_tsquery(${config}, ${words}), 1) AS relevance
    FROM (SELECT d.${sql.unsafe(request.search.owner.column)} AS id, d.doc_id, d.search_vector AS vector
      FROM ${sql.unsafe(request.search.table)} d ${request.joins ?? sql``}
      WHERE d.search_vector @@ (${match}) ${newer} AND ${allOf(sql, request.where)}
      ORDER BY ${order} DESC LIMIT ${request.limit}) w
    ORDER BY w.doc_id DESC`) as HitRow[];
}

/** How many of the newest documents are walked first, as a multiple of the matches asked for. */
const newestSpan = 10;

/**
 * The newest matches on PostgreSQL in at most two look-ups. GIN answers every match of a word at
 * once, unordered, so a common word would have tens of thousands sorted; walking the ids instead
 * reads each document's vector, which a rare word would do through the whole table. So the newest
 * documents (ten times the matches asked for) are walked first, which finds a common word's newest
 * matches at once; only a rarer word, with fewer matches than asked for among them, is looked up in
 * the GIN index over all documents, where it has at most a tenth of them.
 */
async function postgresMatches(sql: SQL, request: SearchRequest): Promise<HitRow[]> {
  const [row] = await sql`SELECT COALESCE(max(doc_id), 0) AS top FROM ${sql.unsafe(request.search.table)}`;
  const after = Number((row as { top: unknown } | undefined)?.top ?? 0) - request.limit * newestSpan;
  if (after > 0) {
    const newest = await postgresMatchesAfter(sql, request, after);
    if (newest.length >= request.limit) return newest;
  }
  return postgresMatchesAfter(sql, request, null);
}

const postgresIndex: SearchIndex = {
  async newestMatches(sql, request) {
    // A custom plan for every search: after five runs of one statement PostgreSQL may keep a generic
    // plan, made without knowing the words, which walks the whole table for a word no document has
    // (0.5 ms became 200 ms at 100,000 reports). SET LOCAL ends with the transaction.
    const run = async (tx: SQL) => {
      await tx.unsafe("SET LOCAL plan_cache_mode = force_custom_plan");
      return postgresMatches(tx, request);
    };
    // A handle that has savepoints is a transaction already (a bulk change's): it takes the setting.
    const inTransaction = typeof (sql as { savepoint?: unknown }).savepoint === "function";
    const rows = inTransaction ? await run(sql) : ((await sql.begin(run)) as HitRow[]);
    return toHits(rows, 1);
  },
};

/** The index of the engine `sql` talks to. */
export function searchIndexOf(sql: SQL): SearchIndex {
  return sql.options.adapter === "sqlite" ? sqliteIndex : postgresIndex;
}
