import type { SQL } from "bun";
import { type ReportResolution, ResolveReportRequest, reportErrors } from "../../../../shared/reports-api.ts";
import type { TaskReportRules } from "../../../config.ts";
import { findReportDetail, resolveReport } from "../../../domain/task-reports/task-reports-repository.ts";
import { type AdminHandler, json, jsonError, readBody } from "../../platform-request.ts";

/** `POST /api/reports/{id}/{resolution's path}`: the admin resolves a report; answers its detail. */
export function handleReportResolve(
  sql: SQL,
  taskReports: TaskReportRules,
  resolution: ReportResolution,
): AdminHandler {
  return async (request, params, admin) => {
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
