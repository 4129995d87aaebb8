import type { SQL } from "bun";
import { type InboxReport, reportStatuses } from "../../../shared/inbox-api.ts";
import { reportSearchTable } from "../../database/migrations/040-report-search-schema.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { parseJson } from "../repository-helpers.ts";
import {
  facetGroup,
  inOrder,
  matchesOf,
  ranksByRelevance,
  type SearchedIds,
  searchedIds,
} from "../search/search-results.ts";
import {
  type InboxFilters,
  inboxConditions,
  type SelectedReport,
  type SummaryRow,
  summaryFrom,
  summaryOf,
  summarySelect,
} from "./inbox-repository.ts";

/**
 * The inbox searched with `q` (docs/search.md): the newest matching reports with the list's filters,
 * ranked by relevance then recency unless the list is sorted by a column, each with where it matched.
 * The list, next/previous on a report and bulk changes over "all matching" read the same matches.
 */

/**
 * The filters as facet groups, which the index checks exactly; `complete` is false when a value could
 * not be a facet (search-results.ts's facetWord), and the rows' own conditions must check it.
 */
function inboxFacets(filters: InboxFilters): { groups: string[][]; complete: boolean } {
  const wanted: Array<[prefix: string, values: readonly string[]]> = [
    // No status asked for: every status but spam, as the list's own conditions say.
    ["fst", filters.status ? [filters.status] : reportStatuses.filter((status) => status !== "SPAM")],
  ];
  if (filters.type) wanted.push(["fty", [filters.type]]);
  if (filters.priority) wanted.push(["fpr", [filters.priority]]);
  if (filters.projectId) wanted.push(["fpj", [filters.projectId]]);
  if (filters.projectIds && filters.projectIds.length > 0) wanted.push(["fpj", filters.projectIds]);
  if (filters.assigneeId) wanted.push(["fas", [filters.assigneeId]]);
  const groups = wanted.flatMap(([prefix, values]) => facetGroup(prefix, values));
  return { groups, complete: groups.length === wanted.length && filters.projectIds?.length !== 0 };
}

/**
 * The conditions the facets cannot say, on the document `d`: the whole tag (as the list's own
 * condition reads the report's tags, which the document holds as they are), and "unread only" (or
 * read only) as a look-up per match: a join let PostgreSQL plan the whole read marks table first.
 */
function documentConditions(sql: SQL, adminId: string, filters: InboxFilters): Array<SQL.Query<unknown>> {
  const where: Array<SQL.Query<unknown>> = [];
  if (filters.tag) {
    const tag = JSON.stringify(filters.tag).replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`lower(d.tags) LIKE lower(${`%${tag}%`}) ESCAPE '\\'`);
  }
  if (filters.unread !== undefined) {
    const read = sql`EXISTS (SELECT 1 FROM feedback_report_reads rr
      WHERE rr.report_id = d.report_id AND rr.user_id = ${adminId})`;
    where.push(filters.unread ? sql`NOT ${read}` : read);
  }
  return where;
}

/** The look-up of `filters`: facets and the document's conditions, the report's own when they fall short. */
function inboxRequest(sql: SQL, adminId: string, filters: InboxFilters) {
  const facets = inboxFacets(filters);
  const where = documentConditions(sql, adminId, filters);
  if (facets.complete) return { search: reportSearchTable, facets: facets.groups, where };
  return {
    search: reportSearchTable,
    facets: facets.groups,
    joins: sql`JOIN feedback_reports r ON r.id = d.report_id`,
    where: [...inboxConditions(sql, { ...filters, unread: undefined, tag: undefined }, ""), ...where],
  };
}

/** The ids of the reports `search` finds with `filters`, in relevance order or in `sort`'s. */
export function searchInboxIds(
  sql: SQL,
  adminId: string,
  filters: InboxFilters,
  search: string,
  sort: ListQuery["sort"] | null,
): Promise<SearchedIds> {
  const order = sort
    ? async (ids: string[]) => {
        if (ids.length === 0) return [];
        const direction = sort.direction === "desc" ? "DESC" : "ASC";
        // The sort column comes from the route's whitelist, so it may be spliced into SQL.
        const rows = await sql`SELECT r.id FROM feedback_reports r WHERE r.id IN ${sql(ids)}
          ORDER BY ${sql.unsafe(`${sort.column} ${direction}, r.id ${direction}`)}`;
        return (rows as Array<{ id: string }>).map((row) => row.id);
      }
    : null;
  return searchedIds(sql, search, inboxRequest(sql, adminId, filters), order);
}

/** A page of the searched inbox, with each report's match and whether more matched than were ranked. */
export async function listInboxSearch(
  sql: SQL,
  adminId: string,
  query: ListQuery,
  filters: InboxFilters,
): Promise<{ items: InboxReport[]; total: number; totalCapped: boolean }> {
  const sort = ranksByRelevance(query) ? null : query.sort;
  const found = await searchInboxIds(sql, adminId, filters, query.search, sort);
  const start = (query.page - 1) * query.pageSize;
  const pageIds = found.ids.slice(start, start + query.pageSize);
  const rows =
    pageIds.length === 0
      ? []
      : ((await sql`SELECT ${sql.unsafe(summarySelect)} FROM ${summaryFrom(sql, adminId)}
          WHERE r.id IN ${sql(pageIds)}`) as SummaryRow[]);
  const matches = await matchesOf(sql, reportSearchTable, pageIds, found.terms);
  const items = inOrder(rows.map(summaryOf), pageIds).map((report) => ({
    ...report,
    match: matches.get(report.id) ?? null,
  }));
  return { items, total: found.ids.length, totalCapped: found.capped };
}

/** Every report a searched list holds (a bulk change over "all matching"), as `adminId` sees it. */
export async function searchedReports(
  sql: SQL,
  adminId: string,
  filters: InboxFilters,
  search: string,
): Promise<SelectedReport[]> {
  const { ids } = await searchInboxIds(sql, adminId, filters, search, null);
  if (ids.length === 0) return [];
  const rows = (await sql`SELECT id, status, tags FROM feedback_reports WHERE id IN ${sql(ids)}`) as Array<{
    id: string;
    status: string;
    tags: string;
  }>;
  return rows.map((row) => ({ id: row.id, status: row.status, tags: parseJson<string[]>(row.tags, []) }));
}
