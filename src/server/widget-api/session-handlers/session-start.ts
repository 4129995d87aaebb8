import { SessionStartRequest } from "../../../shared/widget-session-api.ts";
import { verifySessionHash } from "../../domain/sessions/session-hash.ts";
import { sessionUserAgent } from "../../domain/sessions/session-user-agent.ts";
import { createSession, findSession, touchSession } from "../../domain/sessions/sessions-repository.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import type { SessionRoutesDeps } from "../sessions-routes-deps.ts";
import type { WidgetHandler } from "../widget-route.ts";
import { widgetSessionAnswer } from "./widget-session-answer.ts";

/**
 * `POST /sessions`: resumes the session named by valid `Gleap-Id`/`Gleap-Hash` headers, or starts a
 * new one. A stale or forged pair is not an error: the visitor simply gets a fresh session.
 */
export function handleSessionStart({
  sql,
  sessionSecret,
}: Pick<SessionRoutesDeps, "sql" | "sessionSecret">): WidgetHandler {
  return async ({ request, project }) => {
    const body = await readJsonBody(request, SessionStartRequest);
    if (!body.ok) return body.response;
    const lang = body.value.lang ?? null;
    const gleapId = request.headers.get("gleap-id");
    const gleapHash = request.headers.get("gleap-hash");
    // The visitor panel names the browser the session was last started in.
    const userAgent = sessionUserAgent(request.headers.get("user-agent"));
    if (gleapId && gleapHash && verifySessionHash(sessionSecret, gleapId, gleapHash)) {
      const existing = await findSession(sql, project.id, gleapId);
      if (existing)
        return widgetSessionAnswer(await touchSession(sql, existing, lang, userAgent), sessionSecret);
    }
    return widgetSessionAnswer(await createSession(sql, project.id, { lang, userAgent }), sessionSecret);
  };
}
