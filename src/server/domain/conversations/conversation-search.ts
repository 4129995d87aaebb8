import type { SQL } from "bun";
import type { AdminConversationSummary } from "../../../shared/conversations-api.ts";
import { conversationSearchTable } from "../../database/migrations/040-report-search-schema.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { facetGroup, inOrder, matchesOf, ranksByRelevance, searchedIds } from "../search/search-results.ts";
import { adminSummariesByIds, conversationConditions, unreadOf } from "./conversations-repository.ts";

/**
 * A project's conversations searched with `q` (docs/search.md): subject, messages, the visitor's e-mail,
 * name and user id, and what a bot collected; the newest matches with the list's filters, ranked by
 * relevance then latest activity unless the list is sorted by a column, each with where it matched.
 */

/**
 * The list's filters as facets, which the index checks exactly; when a value cannot be a facet
 * (search-results.ts's facetWord), the conversation's own conditions check them all.
 */
function conversationRequest(sql: SQL, projectId: string, params: URLSearchParams) {
  const wanted = [
    ["fpj", projectId],
    ["fst", params.get("status")],
    ["fas", params.get("assigneeId")],
    ["fse", params.get("sessionId")],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  const facets = wanted.flatMap(([prefix, value]) => facetGroup(prefix, [value]));
  if (facets.length === wanted.length) return { search: conversationSearchTable, facets, where: [] };
  return {
    search: conversationSearchTable,
    facets,
    joins: sql`JOIN conversations c ON c.id = d.conversation_id`,
    where: conversationConditions(sql, projectId, params),
  };
}

export async function listConversationSearch(
  sql: SQL,
  projectId: string,
  query: ListQuery,
): Promise<{ items: AdminConversationSummary[]; total: number; totalCapped: boolean }> {
  const sort = ranksByRelevance(query) ? null : query.sort;
  const order = sort
    ? async (ids: string[]) => {
        if (ids.length === 0) return [];
        const direction = sort.direction === "desc" ? "DESC" : "ASC";
        // The unread sort counts per row: the matches are at most the results limit.
        const rows = await sql`SELECT c.id FROM conversations c WHERE c.id IN ${sql(ids)}
          ORDER BY ${sql.unsafe(sortExpression(sort.column))} ${sql.unsafe(`${direction}, c.id ${direction}`)}`;
        return (rows as Array<{ id: string }>).map((row) => row.id);
      }
    : null;
  const found = await searchedIds(
    sql,
    query.search,
    conversationRequest(sql, projectId, query.params),
    order,
  );
  const start = (query.page - 1) * query.pageSize;
  const pageIds = found.ids.slice(start, start + query.pageSize);
  const summaries = await adminSummariesByIds(sql, projectId, pageIds);
  const matches = await matchesOf(sql, conversationSearchTable, pageIds, found.terms);
  const items = inOrder(summaries, pageIds).map((summary) => ({
    ...summary,
    match: matches.get(summary.id) ?? null,
  }));
  return { items, total: found.ids.length, totalCapped: found.capped };
}

/** A sort column of the list (conversationSortColumns) over `conversations c` alone: unread is counted. */
const sortExpression = (column: string) => (column === "unread" ? unreadOf("staff") : column);
