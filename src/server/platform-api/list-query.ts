import type { SQL } from "bun";
import { jsonError } from "../http/json-response.ts";

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
  const page = Number(params.get("page") ?? "1");
  const pageSize = Number(params.get("pageSize") ?? "25");
  if (!Number.isInteger(page) || page < 1)
    return jsonError(400, "page must be a whole number from 1", "page");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
    return jsonError(400, `pageSize must be a whole number from 1 to ${maxPageSize}`, "pageSize");
  }
  const sortParam = params.get("sort") || defaultSort;
  const direction = sortParam.startsWith("-") ? "desc" : "asc";
  const key = sortParam.replace(/^-/, "");
  const column = sortable[key];
  if (!column) {
    return jsonError(
      400,
      `sort must be one of ${Object.keys(sortable).join(", ")} (prefix - to reverse)`,
      "sort",
    );
  }
  return { page, pageSize, sort: { column, direction }, search: (params.get("q") ?? "").trim(), params };
}

/** The `{ items, total, page, pageSize }` answer of every list. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Runs a filtered, sorted, paginated query. `from` is the FROM/JOIN part, `where` the conditions as
 * fragments (all must hold); the sort column comes from a whitelist, so it may be spliced into SQL.
 * A tie-breaker on `tieBreaker` keeps pages stable when sort values repeat.
 */
export async function listPage<Row>(
  sql: SQL,
  options: {
    select: SQL.Query<unknown> | string;
    from: SQL.Query<unknown>;
    where: Array<SQL.Query<unknown>>;
    query: ListQuery;
    tieBreaker: string;
  },
): Promise<{ rows: Row[]; total: number }> {
  const { query } = options;
  const where = options.where.reduce((all, condition) => sql`${all} AND ${condition}`, sql`1 = 1`);
  const [{ total }] = await sql`SELECT count(*) AS total FROM ${options.from} WHERE ${where}`;
  const direction = query.sort.direction === "desc" ? "DESC" : "ASC";
  const order = sql.unsafe(`${query.sort.column} ${direction}, ${options.tieBreaker} ${direction}`);
  const select = typeof options.select === "string" ? sql.unsafe(options.select) : options.select;
  const rows = await sql`SELECT ${select} FROM ${options.from} WHERE ${where}
    ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  return { rows: rows as Row[], total: Number(total) };
}

/**
 * A case-insensitive "contains" pattern for `LIKE … ESCAPE '\\'`, with the wildcard characters of the
 * search text escaped. Compare it against a lower-cased column.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
