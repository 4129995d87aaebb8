import type { SQL } from "bun";
import { countIn } from "../database/count-chosen-read.ts";
import { joinSql, type ReadSql, readSql, trustedSql } from "../database/read-sql.ts";
import type { CountChosenRead, Read, Reads } from "../database/reads.ts";
import { json, jsonError } from "./json-response.ts";

export const maxPageSize = 100;

export interface ListQuery {
  page: number;
  pageSize: number;
  /** A whitelisted sort column and direction. */
  sort: { column: string; direction: "asc" | "desc" };
  /** Free-text search, trimmed; empty means none. */
  search: string;
  params: URLSearchParams;
}

/** Pages past this are refused: no list of the product comes near it, and the offset stays a safe integer. */
export const maxPage = 1_000_000;

/** A whole number written in plain digits within [min, max], or null (no exponents, signs or fractions). */
function boundedInteger(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Reads `page` and `pageSize` into bounded integers, or answers a 400 naming the parameter. */
export function readPagination(params: URLSearchParams): { page: number; pageSize: number } | Response {
  const page = boundedInteger(params.get("page")?.trim() || "1", 1, maxPage);
  if (page === null) return jsonError(400, `page must be a whole number from 1 to ${maxPage}`, "page");
  const pageSize = boundedInteger(params.get("pageSize")?.trim() || "25", 1, maxPageSize);
  if (pageSize === null)
    return jsonError(400, `pageSize must be a whole number from 1 to ${maxPageSize}`, "pageSize");
  return { page, pageSize };
}

/**
 * Reads `page`, `pageSize`, `sort` (`field` or `-field` for descending; only the given fields) and
 * `q` from a list URL, or answers a 400 naming the parameter.
 */
export function readListQuery(
  url: URL,
  sortable: Record<string, string>,
  defaultSort: string,
): ListQuery | Response {
  const params = url.searchParams;
  // Filters reach SQL as parameters, and PostgreSQL refuses a NUL in text: refused on both engines.
  for (const [key, value] of params) {
    if (value.includes("\u0000")) return jsonError(400, `${key} must not contain NUL characters`, key);
  }
  const pagination = readPagination(params);
  if (pagination instanceof Response) return pagination;
  const sortParam = params.get("sort") || defaultSort;
  const direction = sortParam.startsWith("-") ? "desc" : "asc";
  const key = sortParam.replace(/^-/, "");
  // An own-key lookup: `constructor` or `__proto__` must not find Object.prototype's members.
  const column = Object.hasOwn(sortable, key) ? sortable[key] : undefined;
  if (typeof column !== "string") {
    return jsonError(
      400,
      `sort must be one of ${Object.keys(sortable).join(", ")} (prefix - to reverse)`,
      "sort",
    );
  }
  return { ...pagination, sort: { column, direction }, search: (params.get("q") ?? "").trim(), params };
}

/**
 * Answers a list request: reads its list query (`sortable` fields, `defaultSort`) and, with `readFilters`,
 * its filters (either may answer a 400), lists the page and sends `{ items, total, page, pageSize }`.
 */
export async function answerListPage<Filters = undefined>(
  request: Request,
  options: {
    sortable: Record<string, string>;
    defaultSort: string;
    readFilters?: (params: URLSearchParams) => Filters | Response;
    /** `totalCapped`: a search counted its matches only up to its limit (search-api.ts). */
    list: (
      query: ListQuery,
      filters: Filters,
    ) => Promise<{ items: unknown[]; total: number; totalCapped?: boolean }>;
  },
): Promise<Response> {
  const query = readListQuery(new URL(request.url), options.sortable, options.defaultSort);
  if (query instanceof Response) return query;
  const filters = options.readFilters ? options.readFilters(query.params) : (undefined as Filters);
  if (filters instanceof Response) return filters;
  const { items, total, totalCapped } = await options.list(query, filters);
  const capped = totalCapped === undefined ? {} : { totalCapped };
  return json({ items, total, page: query.page, pageSize: query.pageSize, ...capped });
}

/** What `listPage` reads: see there. */
export interface ListPageOptions {
  select: SQL.Query<unknown> | string;
  from: SQL.Query<unknown>;
  /**
   * The FROM part the count needs, when the conditions use fewer tables than the page shows: SQLite
   * looks up every LEFT JOIN of `from` for each counted row (about 100 ms over 45,000 reports, 2 ms
   * without them).
   */
  countFrom?: SQL.Query<unknown>;
  where: Array<SQL.Query<unknown>>;
  query: ListQuery;
  tieBreaker: string;
}

/**
 * Runs a filtered, sorted, paginated query. `from` is the FROM/JOIN part, `where` the conditions as
 * fragments (all must hold); the sort column comes from a whitelist, so it may be spliced into SQL.
 * A tie-breaker on `tieBreaker` keeps pages stable when sort values repeat.
 */
export async function listPage<Row>(
  sql: SQL,
  options: ListPageOptions,
): Promise<{ rows: Row[]; total: number }> {
  const { query } = options;
  const where = options.where.reduce((all, condition) => sql`${all} AND ${condition}`, sql`1 = 1`);
  const [{ total }] =
    await sql`SELECT count(*) AS total FROM ${options.countFrom ?? options.from} WHERE ${where}`;
  const direction = query.sort.direction === "desc" ? "DESC" : "ASC";
  const order = sql.unsafe(`${query.sort.column} ${direction}, ${options.tieBreaker} ${direction}`);
  const select = typeof options.select === "string" ? sql.unsafe(options.select) : options.select;
  const rows = await sql`SELECT ${select} FROM ${options.from} WHERE ${where}
    ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  return { rows: rows as Row[], total: Number(total) };
}

/** One page as `listPage` reads it, each row read by `toItem`: the answer of an admin list. */
export async function listItems<Row, Item>(
  sql: SQL,
  options: ListPageOptions & { toItem: (row: Row) => Item },
): Promise<{ items: Item[]; total: number }> {
  const { rows, total } = await listPage<Row>(sql, options);
  return { items: rows.map(options.toItem), total };
}

/**
 * With a search or filter, a list page walks the index of its sort column and tests each row until the
 * page is full: cheap when most rows match, but a term that matches few rows walks (and looks up) the
 * whole table, which took seconds at 100,000 users. The other plan looks up the matches first and
 * sorts only them: about as cheap as the count for few matches, ever dearer as they grow. Walking
 * reads about `rows × rowsNeeded / matches` index entries when the matches are spread over the sort
 * order; at 100,000 users looking up and sorting the matches costs about as much as walking a twentieth
 * of the table (bench/platform-api.ts, "a new search each time"). So: matches first while they are
 * under twenty times the rows the page needs, and never past a few thousand, where sorting them costs
 * more than any walk likely does.
 */
export const matchesFirstFactor = 20;
export const matchesFirstCap = 5000;

/** The most matches for which a page that needs `rowsNeeded` rows (offset and page) looks them up first. */
export function matchesFirstUpTo(rowsNeeded: number): number {
  return Math.min(matchesFirstCap, matchesFirstFactor * rowsNeeded);
}

export interface ReadListPageOptions {
  select: string;
  from: ReadSql;
  where: ReadSql[];
  query: ListQuery;
  tieBreaker: string;
  /** The count may be reused while this answers the same (see ReusableRead). */
  countReusedWhile?: ReadSql;
  /**
   * A unique, non-null column of `from` (one table) that an index on the searched columns covers: when
   * the count says the matches are few, the page picks them by this column first and sorts only them
   * (see matchesFirstUpTo). Without it the page always walks the sort order.
   */
  matchesFirstBy?: string;
}

/** The reads of one list page: its count, then its page (a choice between two plans, or the walk). */
export function listPageReads(options: ReadListPageOptions): [count: Read, page: Read] {
  const { query } = options;
  const where = joinSql(options.where, " AND ", readSql`1 = 1`);
  const direction = query.sort.direction === "desc" ? "DESC" : "ASC";
  const order = trustedSql(`${query.sort.column} ${direction}, ${options.tieBreaker} ${direction}`);
  const offset = (query.page - 1) * query.pageSize;
  const select = trustedSql(options.select);
  const count = readSql`SELECT count(*) AS total FROM ${options.from} WHERE ${where}`;
  const walk = readSql`SELECT ${select} FROM ${options.from} WHERE ${where}
      ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`;
  const countRead: Read = options.countReusedWhile
    ? { query: count, reuseWhile: options.countReusedWhile }
    : count;
  // With no condition every row matches: walking the sort order is always the plan.
  if (!options.matchesFirstBy || options.where.length === 0) return [countRead, walk];
  const key = trustedSql(options.matchesFirstBy);
  // `key IN (subquery)` on a unique column: SQLite drives the page from the matches (a lookup each)
  // instead of testing every row of the sort order against the list; PostgreSQL plans it as a semi-join.
  const matchesFirst = readSql`SELECT ${select} FROM ${options.from}
      WHERE ${key} IN (SELECT ${key} FROM ${options.from} WHERE ${where})
      ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`;
  const page: CountChosenRead = {
    countOf: 0,
    fewUpTo: matchesFirstUpTo(offset + query.pageSize),
    few: matchesFirst,
    many: walk,
  };
  return [countRead, page];
}

/**
 * {@link listPage} through the list reads (reader threads on SQLite, see reads.ts): the same page,
 * without holding up the main connection; the count and the page read one snapshot on SQLite, and the
 * page's plan is chosen by that count (see listPageReads).
 */
export async function readListPage<Row>(
  reads: Reads,
  options: ReadListPageOptions,
): Promise<{ rows: Row[]; total: number }> {
  const [counted, rows] = await reads.all(listPageReads(options));
  return { rows: rows as Row[], total: countIn(counted ?? []) };
}

/**
 * A case-insensitive "contains" pattern for `LIKE … ESCAPE '\\'`, with the wildcard characters of the
 * search text escaped. Compare it against a lower-cased column.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
