import type { Struct } from "superstruct";
import type { StoredSession } from "../domain/sessions/sessions-repository.ts";
import { jsonError } from "../http/json-response.ts";
import { readJsonBody } from "../http/read-json-body.ts";
import type { WidgetContext, WidgetHandler } from "./widget-route.ts";

/**
 * A handler of a session route with a JSON body of `schema`: a 401 before the session is made, then a
 * body that is not one answered as `readJsonBody` does.
 */
export function sessionBodyHandler<T, S>(
  schema: Struct<T, S>,
  answer: (body: T, session: StoredSession, context: WidgetContext) => Promise<Response>,
): WidgetHandler {
  return async (context) => {
    const { request, session } = context;
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, schema);
    if (!body.ok) return body.response;
    return answer(body.value, session, context);
  };
}
