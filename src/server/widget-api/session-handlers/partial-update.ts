import { PartialUpdateRequest } from "../../../shared/widget-session-api.ts";
import { updateSession } from "../../domain/sessions/sessions-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import type { SessionRoutesDeps } from "../sessions-routes-deps.ts";
import type { WidgetHandler } from "../widget-route.ts";
import { customDataRefusal, splitUserFields } from "./user-fields.ts";
import { widgetSessionAnswer } from "./widget-session-answer.ts";

/** `POST /sessions/partialupdate` `{data}`: changes the session's user fields and custom data. */
export function handlePartialUpdate({
  sql,
  sessionSecret,
}: Pick<SessionRoutesDeps, "sql" | "sessionSecret">): WidgetHandler {
  return async ({ request, session }) => {
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, PartialUpdateRequest);
    if (!body.ok) return body.response;
    const split = splitUserFields(body.value.data, ["userId", "userHash"]);
    if (!split.ok) return split.response;
    const refused = customDataRefusal(session, split.changes);
    if (refused) return refused;
    return widgetSessionAnswer(await updateSession(sql, session, split.changes), sessionSecret);
  };
}
