import { type TaskKind, taskKinds } from "../../shared/challenges-schemas.ts";
import { type ReportReason, reportReasons } from "../../shared/reports-schemas.ts";
import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/** README: `GET /api/reports` sorts by these. */
export const reportSortFields = ["createdAt", "resolvedAt", "reason"] as const;
export type ReportSortField = (typeof reportSortFields)[number];

/** The `state` filter of `GET /api/reports`. */
export const reportStates = ["open", "resolved"] as const;
export type ReportState = (typeof reportStates)[number];

/** The reported-tasks list's state as it lives in the URL query (`/dashboard/reported-tasks?state=open…`). */
export interface ReportListQuery {
  q: string;
  state: ReportState | null;
  reason: ReportReason | null;
  taskKind: TaskKind | null;
  sort: SortState<ReportSortField>;
  page: number;
  pageSize: number;
}

/** Newest reports first, in every state: the server's default order. */
export const defaultReportListQuery: ReportListQuery = {
  q: "",
  state: null,
  reason: null,
  taskKind: null,
  sort: { field: "createdAt", direction: "desc" },
  page: 1,
  pageSize: 25,
};

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** Reads a query string; unknown or invalid values fall back to the defaults. */
export function parseReportListQuery(search: string): ReportListQuery {
  const params = new URLSearchParams(search);
  return {
    q: (params.get("q") ?? "").trim(),
    state: pick(reportStates, params.get("state")),
    reason: pick(reportReasons, params.get("reason")),
    taskKind: pick(taskKinds, params.get("taskKind")),
    sort: readSort(params.get("sort"), reportSortFields, defaultReportListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultReportListQuery.pageSize, listPageSizes),
  };
}

/** Every parameter, defaults included: what `GET /api/reports` is asked. */
export function reportListApiParams(query: ReportListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.state) params.set("state", query.state);
  if (query.reason) params.set("reason", query.reason);
  if (query.taskKind) params.set("taskKind", query.taskKind);
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `/dashboard/reported-tasks`. */
export function reportListSearch(query: ReportListQuery): string {
  return browserSearch(reportListApiParams(query), reportListApiParams(defaultReportListQuery));
}
