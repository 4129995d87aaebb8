import { taskKinds } from "../../shared/challenges-api.ts";
import { reportReasons } from "../../shared/reports-api.ts";
import { choiceFilter, createListQuery, defaultedChoiceFilter } from "../shell/list/list-url.ts";

/** The `state` filter of `GET /api/reports`. */
export const reportStates = ["open", "resolved"] as const;
export type ReportState = (typeof reportStates)[number];

/**
 * The reported-tasks list's state as it lives in the URL query (`/dashboard/reported-tasks?state=open…`).
 * The list opens on the open reports, the ones waiting for a decision; `state=any` shows every state.
 */
export const reportListUrl = createListQuery({
  /** docs/platform-api.md: `GET /api/reports` sorts by these. */
  sortFields: ["createdAt", "resolvedAt", "reason"] as const,
  // Newest reports first: the server's default order.
  defaultSort: { field: "createdAt", direction: "desc" },
  filters: {
    state: defaultedChoiceFilter(reportStates, "open"),
    reason: choiceFilter(reportReasons),
    taskKind: choiceFilter(taskKinds),
  },
});
export type ReportListQuery = typeof reportListUrl.defaults;

// Named for the API client and for the dashboard, which links to a filtered list.
export const reportListApiParams = reportListUrl.apiParams;
export const defaultReportListQuery = reportListUrl.defaults;
export const reportListSearch = reportListUrl.search;
