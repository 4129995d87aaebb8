import type { SQL } from "bun";
import { type SearchMatch, searchResultsLimit } from "../../../shared/search-api.ts";
import type { SearchTable } from "../../database/migrations/040-report-search-schema.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { bestMatch } from "./search-highlight.ts";
import { type SearchHit, type SearchRequest, searchIndexOf } from "./search-index.ts";
import { parseSearch, type SearchTerm } from "./search-query.ts";

/**
 * What the searched lists (the inbox, conversations) share: the filters as facet words, the newest
 * matches ranked by relevance then recency (or put in the list's chosen order), and each shown
 * result's snippet.
 */

/**
 * A filter value as the facet word migration 040 indexes it by (`fst` + `open`, `fst` + `inzzprogress`),
 * or null for a value of other characters than ASCII letters, digits, `-` and `_` (status words and ids
 * have no others): such a value is filtered by the exact condition on the row alone.
 */
export function facetWord(prefix: string, value: string): string | null {
  const lower = value.toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(lower)) return null;
  return `${prefix}${lower.replace(/z/g, "zy").replace(/_/g, "zz").replace(/-/g, "zx")}`;
}

/** A facet group of `values` (any of them may match), or nothing when one cannot be a facet. */
export function facetGroup(prefix: string, values: readonly string[]): string[][] {
  const words = values.map((value) => facetWord(prefix, value));
  return words.length > 0 && words.every((word) => word !== null) ? [words as string[]] : [];
}

/** Relevance first, then recency (the order documents arrived in), then id: the same order on every call. */
export function rankHits(hits: readonly SearchHit[]): SearchHit[] {
  return [...hits].sort(
    (a, b) => b.relevance - a.relevance || b.recency - a.recency || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

/** The matches of a search, in the list's order, and whether more matched than were taken. */
export interface SearchedIds {
  ids: string[];
  capped: boolean;
  terms: SearchTerm[];
}

/**
 * The sort a searchable list answers `sort=relevance` with when nothing is searched: every row matches
 * alike, so the list's default order (the newest first) stands in for it.
 */
export const relevanceSort = "relevance";

/**
 * Whether a searched list is in relevance order: when it asks for no sort or for `relevance`; any
 * other sort, the default column included, orders the matches by that column.
 */
export function ranksByRelevance(query: Pick<ListQuery, "params">): boolean {
  const sort = query.params.get("sort");
  return sort === null || sort === "" || sort.replace(/^-/, "") === relevanceSort;
}

/**
 * The newest matches of `request` (at most the results limit) in relevance order, or in `order` (SQL
 * over the matched ids, answering `id`) when the list is sorted by a column.
 */
export async function searchedIds(
  sql: SQL,
  search: string,
  request: Omit<SearchRequest, "terms" | "limit">,
  order: ((ids: string[]) => Promise<string[]>) | null,
): Promise<SearchedIds> {
  const parsed = parseSearch(search);
  // A refused search was answered with a 400 by the route; one of no word matches nothing.
  if (!parsed.ok || parsed.terms.length === 0) return { ids: [], capped: false, terms: [] };
  const hits = await searchIndexOf(sql).newestMatches(sql, {
    ...request,
    terms: parsed.terms,
    limit: searchResultsLimit + 1,
  });
  const capped = hits.length > searchResultsLimit;
  const kept = hits.slice(0, searchResultsLimit);
  const ids = order ? await order(kept.map((hit) => hit.id)) : rankHits(kept).map((hit) => hit.id);
  return { ids, capped, terms: parsed.terms };
}

/** The snippet of each of `ids` (at most a page), read from their search documents. */
export async function matchesOf(
  sql: SQL,
  search: SearchTable,
  ids: readonly string[],
  terms: readonly SearchTerm[],
): Promise<Map<string, SearchMatch>> {
  const found = new Map<string, SearchMatch>();
  if (ids.length === 0 || terms.length === 0) return found;
  const columns = search.columns.map((column) => column.column).join(", ");
  const owner = search.owner.column;
  const rows = (await sql`SELECT ${sql.unsafe(owner)} AS id, ${sql.unsafe(columns)}
    FROM ${sql.unsafe(search.table)} WHERE ${sql.unsafe(owner)} IN ${sql([...ids])}`) as Array<
    Record<string, string>
  >;
  for (const row of rows) {
    const match = bestMatch(search.columns, row, terms);
    if (match && row.id) found.set(row.id, match);
  }
  return found;
}

/** `ids` in the order of `ordered` (those it holds), as rows read in any order come back. */
export function inOrder<T extends { id: string }>(rows: readonly T[], ordered: readonly string[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ordered.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}
