import {
  FileReportRequest,
  RateTaskRequest,
  type ReportReason,
  type ReportResolution,
  ResolveReportRequest,
  reportErrors,
  reportReasons,
  reportResolutions,
  resolutionPaths,
} from "../../../shared/reports-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { defaultTaskReportRules } from "../../config.ts";
import {
  fileReport,
  findActiveBan,
  findReportDetail,
  findReportItem,
  listReports,
  type ReportFilters,
  rateTask,
  resolveReport,
} from "../../domain/task-reports/task-reports-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

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
 * admin's list, detail and the four resolutions.
 */
export function reportsRoutes({
  sql,
  guard,
  taskReports = defaultTaskReportRules,
}: PlatformDeps): ApiRoute[] {
  /** A signed-in user who may report; rating counts too, since enough down-votes file a report. */
  async function reporter(request: Request): Promise<Authenticated | Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    if (await findActiveBan(sql, auth.user.id, "REPORT")) return jsonError(403, reportErrors.reportBanned);
    return auth;
  }

  async function file(request: Request, params: Record<string, string>): Promise<Response> {
    const auth = await reporter(request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, FileReportRequest);
    if (!body.ok) return body.response;
    const outcome = await fileReport(
      sql,
      {
        taskId: params.id ?? "",
        reporterId: auth.user.id,
        reason: body.value.reason,
        comment: body.value.comment?.trim() ?? "",
      },
      taskReports,
    );
    if (outcome.kind === "not-found") return jsonError(404, reportErrors.taskNotFound);
    if (outcome.kind === "duplicate") return jsonError(409, reportErrors.alreadyReported);
    if (outcome.kind === "over-quota") {
      return jsonError(429, reportErrors.tooManyReports, undefined, {
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    }
    return json(await findReportItem(sql, outcome.id), { status: 201 });
  }

  async function rate(request: Request, params: Record<string, string>): Promise<Response> {
    const auth = await reporter(request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, RateTaskRequest);
    if (!body.ok) return body.response;
    const ratings = await rateTask(sql, {
      taskId: params.id ?? "",
      userId: auth.user.id,
      positive: body.value.positive,
    });
    return ratings ? json(ratings) : jsonError(404, reportErrors.taskNotFound);
  }

  async function list(request: Request): Promise<Response> {
    return answerListPage(request, {
      sortable,
      defaultSort: "-createdAt",
      readFilters,
      list: (query, filters) => listReports(sql, query, filters),
    });
  }

  async function detail(_request: Request, params: Record<string, string>): Promise<Response> {
    const report = await findReportDetail(sql, params.id ?? "");
    return report ? json(report) : jsonError(404, reportErrors.reportNotFound);
  }

  function resolveWith(resolution: ReportResolution) {
    return async (request: Request, params: Record<string, string>, admin: Authenticated) => {
      const body = await readBody(request, ResolveReportRequest);
      if (!body.ok) return body.response;
      const reportId = params.id ?? "";
      const outcome = await resolveReport(sql, {
        reportId,
        resolution,
        adminId: admin.user.id,
        reason: body.value.reason?.trim() ?? "",
        hideAfterReporters: taskReports.hideAfterReporters,
      });
      if (outcome.kind === "not-found") return jsonError(404, reportErrors.reportNotFound);
      if (outcome.kind === "already-resolved") return jsonError(409, reportErrors.alreadyResolved);
      if (outcome.kind === "no-reporter") return jsonError(400, reportErrors.noReporter);
      if (outcome.kind === "no-creator") return jsonError(400, reportErrors.noCreator);
      return json(await findReportDetail(sql, reportId));
    };
  }

  return [
    { method: "POST", pattern: "/api/tasks/:id/reports", handler: file },
    { method: "POST", pattern: "/api/tasks/:id/ratings", handler: rate },
    adminRoute(guard, "GET", "/api/reports", list),
    adminRoute(guard, "GET", "/api/reports/:id", detail),
    ...reportResolutions.map((resolution) =>
      adminRoute(guard, "POST", `/api/reports/:id/${resolutionPaths[resolution]}`, resolveWith(resolution)),
    ),
  ];
}
