import type { SQL } from "bun";
import { SessionStartRequest, type WidgetSession } from "../../shared/widget-session.ts";
import { json, jsonError } from "../http/json-response.ts";
import { readJsonBody } from "../http/read-json-body.ts";
import { findProjectBySdkKey } from "./projects-repository.ts";
import { signSessionId, verifySessionHash } from "./session-hash.ts";
import { createSession, findSession, type StoredSession, touchSession } from "./sessions-repository.ts";

export interface SessionRoutesDeps {
  sql: SQL;
  sessionSecret: string;
}

export function toWidgetSession(session: StoredSession, secret: string): WidgetSession {
  return {
    gleapId: session.id,
    gleapHash: signSessionId(secret, session.id),
    userId: session.userId,
    name: session.name,
    email: session.email,
    phone: session.phone,
    value: session.value,
    customData: session.customData,
    lang: session.lang,
  };
}

/**
 * `POST /api/widget/sessions`: resumes the session named by valid `Gleap-Id`/`Gleap-Hash` headers, or
 * starts a new one. A stale or forged pair is not an error: the visitor simply gets a fresh session.
 */
export async function startSession(
  request: Request,
  { sql, sessionSecret }: SessionRoutesDeps,
): Promise<Response> {
  const sdkKey = request.headers.get("api-token")?.trim();
  if (!sdkKey) return jsonError(401, "Missing Api-Token header");
  const body = await readJsonBody(request, SessionStartRequest);
  if (!body.ok) return body.response;
  const project = await findProjectBySdkKey(sql, sdkKey);
  if (!project) return jsonError(401, "Unknown SDK key");

  const lang = body.value.lang ?? null;
  const gleapId = request.headers.get("gleap-id");
  const gleapHash = request.headers.get("gleap-hash");
  let session: StoredSession | null = null;
  if (gleapId && gleapHash && verifySessionHash(sessionSecret, gleapId, gleapHash)) {
    const existing = await findSession(sql, project.id, gleapId);
    if (existing) session = await touchSession(sql, existing, lang);
  }
  session ??= await createSession(sql, project.id, lang);
  return json(toWidgetSession(session, sessionSecret));
}
