import type { SQL } from "bun";
import type { ReportNeighbours } from "../../../shared/inbox-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { ranksByRelevance } from "../search/search-results.ts";
import { type InboxFilters, inboxConditions, summaryFrom } from "./inbox-repository.ts";
import { searchInboxIds } from "./inbox-search.ts";

/**
 * A report's place in an admin's list, in the list's own filters, search and order (the same sort
 * column and tie-breaker as its pages): the reports before and after it, for "next" and "previous" on
 * a report page. One window query over the matching rows; a report the list does not hold (any more)
 * has none.
 */
export async function reportNeighbours(
  sql: SQL,
  adminId: string,
  reportId: string,
  query: ListQuery,
  filters: InboxFilters,
): Promise<ReportNeighbours> {
  if (query.search) {
    // Among a searched list's matches, in that list's order (relevance or its sort).
    const sort = ranksByRelevance(query) ? null : query.sort;
    const { ids } = await searchInboxIds(sql, adminId, filters, query.search, sort);
    return placeAmong(ids, reportId);
  }
  const where = inboxConditions(sql, filters, query.search).reduce(
    (all, next) => sql`${all} AND ${next}`,
    sql`1 = 1`,
  );
  const direction = query.sort.direction === "desc" ? "DESC" : "ASC";
  // The sort column comes from the route's whitelist, so it may be spliced into SQL.
  const order = sql.unsafe(`${query.sort.column} ${direction}, r.id ${direction}`);
  const [row] = await sql`SELECT id, previous, next, position, total FROM (
      SELECT r.id,
        LAG(r.id) OVER (ORDER BY ${order}) AS previous,
        LEAD(r.id) OVER (ORDER BY ${order}) AS next,
        ROW_NUMBER() OVER (ORDER BY ${order}) AS position,
        COUNT(*) OVER () AS total
      FROM ${summaryFrom(sql, adminId)} WHERE ${where}
    ) ordered WHERE id = ${reportId}`;
  if (row) {
    const found = row as { previous: string | null; next: string | null; position: unknown; total: unknown };
    return {
      previous: found.previous,
      next: found.next,
      position: Number(found.position),
      total: Number(found.total),
    };
  }
  const [{ total }] = await sql`SELECT count(*) AS total FROM ${summaryFrom(sql, adminId)} WHERE ${where}`;
  return { previous: null, next: null, position: null, total: Number(total) };
}

/** A report's place among a list's ids, in order. */
function placeAmong(ids: readonly string[], reportId: string): ReportNeighbours {
  const at = ids.indexOf(reportId);
  if (at === -1) return { previous: null, next: null, position: null, total: ids.length };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null, position: at + 1, total: ids.length };
}
