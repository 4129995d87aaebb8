import type { InboxReport, ReportTriageState } from "../../shared/inbox-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { type InboxListQuery, unassignedFilter } from "./inbox-list-query.ts";

/** What the search box matches locally: the same fields the list shows. */
function matchesSearch(report: InboxReport, q: string): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [report.title, report.shortId, report.reporter.email, report.reporter.name, report.page].some(
    (field) => typeof field === "string" && field.toLowerCase().includes(needle),
  );
}

/** The assignee filter: anyone (empty), nobody (`none`, the API's word) or one admin. */
function fitsAssignee(report: InboxReport, assigneeId: string): boolean {
  if (assigneeId === "") return true;
  if (assigneeId === unassignedFilter) return report.assignee === null;
  return report.assignee?.id === assigneeId;
}

/** Whether a report belongs in the list the admin is looking at (its filters and search). */
export function reportFitsQuery(report: InboxReport, query: InboxListQuery): boolean {
  return (
    // "All statuses" is every report but spam, as the API lists it.
    (query.status === null ? report.status !== "SPAM" : report.status === query.status) &&
    (query.tag === "" || report.tags.some((tag) => tag.toLowerCase() === query.tag.toLowerCase())) &&
    (query.type === null || report.type === query.type) &&
    (query.priority === null || report.priority === query.priority) &&
    (query.projectId === "" || report.projectId === query.projectId) &&
    fitsAssignee(report, query.assigneeId) &&
    (!query.unread || report.unread) &&
    matchesSearch(report, query.q)
  );
}

/**
 * The page with a report that just arrived over the staff socket on top, or null when it does not
 * show here: only the first page of the newest-first order has a place for it (elsewhere it would
 * jump between rows the admin is reading), and only when it fits the filters. A searched list is in
 * relevance order, which only the server knows (docs/search.md): no place there either. The page keeps
 * its size; the total counts the new one.
 */
export function withArrival(
  page: ListPage<InboxReport>,
  report: InboxReport,
  query: InboxListQuery,
): ListPage<InboxReport> | null {
  const newestFirst = query.sort.field === "createdAt" && query.sort.direction === "desc";
  if (query.page !== 1 || !newestFirst || query.q !== "" || !reportFitsQuery(report, query)) return null;
  if (page.items.some((item) => item.id === report.id)) return null;
  return { ...page, items: [report, ...page.items].slice(0, page.pageSize), total: page.total + 1 };
}

/** The page with another admin's triage change (status, priority, tags, assignee) applied to its row. */
export function withUpdate(page: ListPage<InboxReport>, change: ReportTriageState): ListPage<InboxReport> {
  if (!page.items.some((item) => item.id === change.id)) return page;
  const { id: _id, ...triage } = change;
  return {
    ...page,
    items: page.items.map((item) => (item.id === change.id ? { ...item, ...triage } : item)),
  };
}

/**
 * The page after this admin's own triage change to one of its rows: the change applied, and the row
 * gone when it no longer fits the filters (a report marked done leaves the open reports at once, as
 * the next answer of the list would show; another admin's change stays in place until then, so rows do
 * not jump under the reader).
 */
export function withOwnChange(
  page: ListPage<InboxReport>,
  change: ReportTriageState,
  query: InboxListQuery,
): ListPage<InboxReport> {
  const next = withUpdate(page, change);
  const changed = next.items.find((item) => item.id === change.id);
  return changed && !reportFitsQuery(changed, query) ? withRemoval(next, [change.id]) : next;
}

/** The page without reports deleted meanwhile (by this admin's bulk delete or another's). */
export function withRemoval(page: ListPage<InboxReport>, ids: readonly string[]): ListPage<InboxReport> {
  const gone = new Set(ids);
  const items = page.items.filter((item) => !gone.has(item.id));
  if (items.length === page.items.length) return page;
  return { ...page, items, total: Math.max(0, page.total - (page.items.length - items.length)) };
}
