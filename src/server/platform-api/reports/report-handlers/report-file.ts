import { FileReportRequest, reportErrors } from "../../../../shared/reports-api.ts";
import type { TaskReportRules } from "../../../config.ts";
import { fileReport, findReportItem } from "../../../domain/task-reports/task-reports-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { json, jsonError, readBody } from "../../platform-request.ts";
import { type ReportingDeps, reporter } from "./reporter.ts";

/** `POST /api/tasks/{id}/reports`: a user's report on a task, once per task and a few a day. */
export function handleReportFile(deps: ReportingDeps, taskReports: TaskReportRules): ApiHandler {
  const { sql } = deps;
  return async (request, params) => {
    const auth = await reporter(deps, request);
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
  };
}
