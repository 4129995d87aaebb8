import { taskKinds } from "../../shared/challenges-api.ts";
import { reportReasons } from "../../shared/reports-api.ts";
import { choice, type DeclaredFilter } from "../shell/list/list-filters.tsx";
import { type ReportListQuery, reportStates } from "./report-list-query.ts";

/**
 * Status, reason and task type filters (docs/platform-api.md: `GET /api/reports` `state`, `reason`, `taskKind`). The
 * status opens on "Open"; "Any" shows every state, and Reset goes back to the open reports.
 */
export const reportFilters: readonly DeclaredFilter<ReportListQuery>[] = [
  choice("state", "reports.filter.state", reportStates, (state) => `report.state.${state}`),
  choice("reason", "reports.filter.reason", reportReasons, (reason) => `report.reason.${reason}`),
  choice("taskKind", "reports.filter.taskKind", taskKinds, (kind) => `report.taskKind.${kind}`),
];
