import { RateTaskRequest, reportErrors } from "../../../../shared/reports-api.ts";
import { rateTask } from "../../../domain/task-reports/task-reports-repository.ts";
import type { ApiHandler } from "../../../http/api-route.ts";
import { json, jsonError, readBody } from "../../platform-request.ts";
import { type ReportingDeps, reporter } from "./reporter.ts";

/** `POST /api/tasks/{id}/ratings`: a user's up- or down-vote of a task; answers its ratings. */
export function handleTaskRate(deps: ReportingDeps): ApiHandler {
  return async (request, params) => {
    const auth = await reporter(deps, request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, RateTaskRequest);
    if (!body.ok) return body.response;
    const ratings = await rateTask(deps.sql, {
      taskId: params.id ?? "",
      userId: auth.user.id,
      positive: body.value.positive,
    });
    return ratings ? json(ratings) : jsonError(404, reportErrors.taskNotFound);
  };
}
