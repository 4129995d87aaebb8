import type { StoredSession } from "../../domain/sessions/sessions-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import type { WidgetContext } from "../widget-api.ts";

/** The session of a `session` route (always there once authenticated; typed as optional). */
export function sessionOf(context: WidgetContext): StoredSession | Response {
  return context.session ?? jsonError(401, "Session not ready yet.");
}
