import {
  type ReportReason,
  reportErrors,
  reportReasons,
  reportResolutions,
  resolutionPaths,
} from "../../../shared/reports-api.ts";
import { defaultTaskReportRules } from "../../config.ts";
import {
  findReportDetail,
  listReports,
  type ReportFilters,
} from "../../domain/task-reports/task-reports-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminReadRoutes } from "../admin-list-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, jsonError } from "../platform-request.ts";
import { handleReportFile } from "./report-handlers/report-file.ts";
import { handleReportResolve } from "./report-handlers/report-resolve.ts";
import { handleTaskRate } from "./report-handlers/task-rate.ts";

const sortable = {
  createdAt: "r.created_at",
  // Open reports have no resolution date; COALESCE puts them at the same end on SQLite and PostgreSQL.
  resolvedAt: "COALESCE(r.resolved_at, '')",
  reason: "r.reason",
};

function readFilters(params: URLSearchParams): ReportFilters | Response {
  const state = params.get("state")?.trim() || undefined;
  if (state !== undefined && state !== "open" && state !== "resolved") {
    return jsonError(400, "state must be open or resolved", "state");
  }
  const reason = params.get("reason")?.trim() || undefined;
  if (reason !== undefined && !(reportReasons as readonly string[]).includes(reason)) {
    return jsonError(400, `reason must be one of ${reportReasons.join(", ")}`, "reason");
  }
  const taskKind = params.get("taskKind")?.trim() || undefined;
  return { state, reason: reason as ReportReason | undefined, taskKind };
}

/**
 * Reports on tasks: filing and rating for every signed-in user (unless banned from reporting), the
 * admin's list, detail and the four resolutions; the longer handlers in report-handlers/.
 */
export function reportsRoutes({
  sql,
  guard,
  taskReports = defaultTaskReportRules,
}: PlatformDeps): ApiRoute[] {
  const resolve = (resolution: (typeof reportResolutions)[number]) =>
    adminRoute(
      guard,
      "POST",
      `/api/reports/:id/${resolutionPaths[resolution]}`,
      handleReportResolve(sql, taskReports, resolution),
    );
  return [
    {
      method: "POST",
      pattern: "/api/tasks/:id/reports",
      handler: handleReportFile({ sql, guard }, taskReports),
    },
    { method: "POST", pattern: "/api/tasks/:id/ratings", handler: handleTaskRate({ sql, guard }) },
    ...adminReadRoutes(guard, "/api/reports", {
      sortable,
      defaultSort: "-createdAt",
      readFilters,
      list: (query, filters) => listReports(sql, query, filters),
      find: (id) => findReportDetail(sql, id),
      notFound: reportErrors.reportNotFound,
    }),
    ...reportResolutions.map(resolve),
  ];
}
