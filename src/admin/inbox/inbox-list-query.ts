import { reportPriorities } from "../../shared/feedback-api.ts";
import { type InboxListFilter, reportStatuses } from "../../shared/inbox-api.ts";
import {
  choiceFilter,
  createListQuery,
  defaultedChoiceFilter,
  type ListFilter,
  textFilter,
} from "../shell/list/list-url.ts";

/**
 * The inbox's sorts (`src/shared/inbox-api.ts`: `GET /api/feedback` sorts by these); `relevance` is a
 * search's own order, best match first, which no column shows.
 */
export const inboxSortFields = ["createdAt", "priority", "status", "relevance"] as const;
export type InboxSortField = (typeof inboxSortFields)[number];

/**
 * The report types the widget files (the feedback flows' `feedbackType`, a silent crash report). The
 * API takes any type; the filter offers the ones a project is set up with.
 */
export const inboxReportTypes = ["BUG", "FEATURE_REQUEST", "INQUIRY", "CRASH"] as const;

/** `assigneeId=none`: the reports nobody took yet (the API's own word for it). */
export const unassignedFilter = "none";

/** `unread=true` or nothing: the API has no "read only" view, so `false` is never written. */
const unreadFilter: ListFilter<boolean> = {
  read: (value) => value === "true",
  write: (value) => (value ? "true" : null),
};

/**
 * The inbox's state as it lives in the URL query (`/dashboard/inbox?status=OPEN&type=BUG…`). It opens
 * on the open reports, the ones waiting for someone (as Reported Tasks does); `status=any` shows all.
 */
export const inboxListUrl = createListQuery({
  sortFields: inboxSortFields,
  // Newest first: the server's default order, and where live arrivals appear.
  defaultSort: { field: "createdAt", direction: "desc" },
  // The first click on Priority shows the most urgent first (`-priority`: Critical on top).
  descendingFirst: ["priority", "createdAt"],
  searchedSort: { field: "relevance", direction: "desc" },
  filters: {
    status: defaultedChoiceFilter(reportStatuses, "OPEN"),
    type: choiceFilter(inboxReportTypes),
    priority: choiceFilter(reportPriorities),
    projectId: textFilter,
    assigneeId: textFilter,
    tag: textFilter,
    unread: unreadFilter,
  },
});
export type InboxListQuery = typeof inboxListUrl.defaults;
export const inboxListApiParams = inboxListUrl.apiParams;

/**
 * The list's search and filters as a bulk call's `filter`: the
 * very parameters its pages are asked with, so the change reaches exactly the rows counted.
 */
export function inboxBulkFilter(query: InboxListQuery): InboxListFilter {
  const params = inboxListApiParams(query);
  const filter: InboxListFilter = {};
  for (const name of inboxFilterNames) {
    const value = params.get(name);
    if (value !== null) filter[name] = value;
  }
  return filter;
}

const inboxFilterNames = [
  "q",
  "status",
  "type",
  "priority",
  "projectId",
  "assigneeId",
  "tag",
  "unread",
] as const satisfies ReadonlyArray<keyof InboxListFilter>;

/** The list's search, filters and sort without its page: what next/previous on a report follow. */
export function inboxOrderParams(query: InboxListQuery): URLSearchParams {
  const params = inboxListApiParams(query);
  params.delete("page");
  params.delete("pageSize");
  return params;
}
