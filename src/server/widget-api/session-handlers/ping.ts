import { type PingAnswer, PingRequest } from "../../../shared/widget-session-api.ts";
import type { OutboundUpdatePush } from "../../../shared/widget-socket-pushes.ts";
import type { PingActivity, PingWriter } from "../../domain/sessions/ping-writes.ts";
import { findSessionById, type StoredSession } from "../../domain/sessions/sessions-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { parseJsonText, readBodyText, validateBody } from "../../http/read-json-body.ts";
import { surelyPingRequest } from "../ping-request-check.ts";
import type { SessionRoutesDeps } from "../sessions-routes-deps.ts";
import type { WidgetHandler } from "../widget-route.ts";

export type PingDeps = Pick<SessionRoutesDeps, "sql" | "afterPing" | "onPingEvents" | "sessions"> & {
  pingWriter: PingWriter;
};

/**
 * What a ping is answered: how many events were stored and, for a widget without its socket yet
 * (`ws: false`), the `update` its delivery made, as the push it would have been. The reference client
 * always has its socket (`ws: true`) and ignores the answer.
 */
function pingAnswer(ping: PingRequest, update: OutboundUpdatePush["data"] | null | undefined): PingAnswer {
  const answer = { ok: true as const, stored: ping.events.length };
  return update && ping.ws === false ? { ...answer, name: "update", data: update } : answer;
}

/**
 * The session taken from the lookup cache names the row to write; the write answers the row as it is
 * now. A session merged or deleted since it was kept is looked up again, once.
 */
async function recordPing(
  { sql, pingWriter, sessions }: Pick<PingDeps, "sql" | "pingWriter" | "sessions">,
  requestedId: string,
  session: StoredSession,
  activity: PingActivity,
): Promise<StoredSession | null> {
  const stored = await pingWriter.record(session.id, activity);
  if (stored) return stored;
  sessions?.forgetSession(requestedId);
  sessions?.forgetSession(session.id);
  const current = await findSessionById(sql, requestedId);
  if (!current || current.projectId !== session.projectId) return null;
  const retried = await pingWriter.record(current.id, activity);
  if (retried) sessions?.rememberSession(requestedId, retried);
  return retried;
}

/**
 * `POST /sessions/ping` `{time, sdkVersion, events, ws?}`: the session is still there; stores its
 * events, then lets outbound delivery and the installation check hear of it.
 */
export function handlePing(deps: PingDeps): WidgetHandler {
  const { afterPing, onPingEvents } = deps;
  return async (context) => {
    const { request, session } = context;
    if (!session) return jsonError(401, "Session not ready yet.");
    const text = await readBodyText(request);
    if (!text.ok) return text.response;
    const data = parseJsonText(text.value);
    if (!data.ok) return data.response;
    const surely = surelyPingRequest(data.value);
    const body = surely ? { ok: true as const, value: surely } : validateBody(data.value, PingRequest);
    if (!body.ok) return body.response;
    const requestedId =
      request.headers.get("gleap-id") ?? context.url.searchParams.get("gleapId") ?? session.id;
    const stored = await recordPing(deps, requestedId, session, {
      durationSeconds: body.value.time,
      sdkVersion: body.value.sdkVersion,
      events: body.value.events,
    });
    if (!stored) return jsonError(401, "Invalid session");
    if (body.value.events.length > 0) await onPingEvents?.(context, body.value.events);
    const update = await afterPing?.(context, stored, { push: body.value.ws !== false });
    return json(pingAnswer(body.value, update));
  };
}
