import { PartialUpdateRequest } from "../../../shared/widget-session-api.ts";
import { updateSession } from "../../domain/sessions/sessions-repository.ts";
import { sessionBodyHandler } from "../session-body-handler.ts";
import type { SessionRoutesDeps } from "../sessions-routes-deps.ts";
import type { WidgetHandler } from "../widget-route.ts";
import { customDataRefusal, splitUserFields } from "./user-fields.ts";
import { widgetSessionAnswer } from "./widget-session-answer.ts";

/** `POST /sessions/partialupdate` `{data}`: changes the session's user fields and custom data. */
export function handlePartialUpdate({
  sql,
  sessionSecret,
}: Pick<SessionRoutesDeps, "sql" | "sessionSecret">): WidgetHandler {
  return sessionBodyHandler(PartialUpdateRequest, async (body, session) => {
    const split = splitUserFields(body.data, ["userId", "userHash"]);
    if (!split.ok) return split.response;
    const refused = customDataRefusal(session, split.changes);
    if (refused) return refused;
    return widgetSessionAnswer(await updateSession(sql, session, split.changes), sessionSecret);
  });
}
