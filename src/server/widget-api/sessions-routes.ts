import type { SQL } from "bun";
import { customDataProblem } from "../../shared/custom-data-limits.ts";
import { validateUntrusted } from "../../shared/untrusted-validation.ts";
import {
  CustomDataValue,
  IdentifyRequest,
  PartialUpdateRequest,
  type PingAnswer,
  PingRequest,
  SessionStartRequest,
  type StreamedEvent,
  UserFields,
  userFieldKeys,
  type WidgetSession,
} from "../../shared/widget-session-api.ts";
import type { OutboundUpdatePush } from "../../shared/widget-socket-pushes.ts";
import { createPingWriter, type PingActivity, type PingWriter } from "../domain/sessions/ping-writes.ts";
import { signSessionId, verifySessionHash } from "../domain/sessions/session-hash.ts";
import { sessionUserAgent } from "../domain/sessions/session-user-agent.ts";
import {
  createSession,
  findSession,
  findSessionById,
  findVerifiedSessionByUserId,
  mergeSessionInto,
  type SessionChanges,
  type StoredSession,
  touchSession,
  updateSession,
} from "../domain/sessions/sessions-repository.ts";
import { verifyUserHash } from "../domain/sessions/user-hash.ts";
import { json, jsonError } from "../http/json-response.ts";
import { parseJsonText, readBodyText, readJsonBody, validateBody } from "../http/read-json-body.ts";
import { surelyPingRequest } from "./ping-request-check.ts";
import type { WidgetContext, WidgetRoute } from "./widget-api.ts";
import type { WidgetLookupCache } from "./widget-lookup-cache.ts";

export interface SessionRoutesDeps {
  sql: SQL;
  sessionSecret: string;
  /**
   * Runs after a ping is stored (outbound content is matched against the session then), with the
   * session as the ping's write left it. `push` is false when the widget has no socket open (`ws:
   * false`): the `update` it answers then goes back in the ping's answer instead of over the socket.
   */
  afterPing?: (
    context: WidgetContext,
    session: StoredSession,
    options: { push: boolean },
  ) => Promise<OutboundUpdatePush["data"] | null | undefined>;
  /** Commits pings in groups; left out, one of its own. */
  pingWriter?: PingWriter;
  /** Where the ping's session lookup is kept (widget-lookup-cache.ts), told what the write found. */
  sessions?: Pick<WidgetLookupCache, "rememberSession" | "forgetSession">;
  /**
   * Hears a stored ping's events (the install panel's installation check reads its page views); never
   * fails, and the ping is answered once it is done.
   */
  onPingEvents?: (context: WidgetContext, events: readonly StreamedEvent[]) => Promise<void>;
}

/** The SDK prints this on the host's console as it is: it names the cause and the setting behind it. */
const invalidUserHash = "Invalid user hash for this user id (identity verification is on for this project)";

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
 * Splits a body into the known user fields and the flattened custom data around them. Custom data
 * must be scalars: anything else is a 400 naming the key.
 */
export function splitUserFields(
  body: Record<string, unknown>,
  ignore: readonly string[] = [],
): { ok: true; changes: SessionChanges } | { ok: false; response: Response } {
  const known: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ignore.includes(key)) continue;
    if (userFieldKeys.includes(key)) known[key] = value;
    else if (validateUntrusted(value, CustomDataValue)[0])
      return { ok: false, response: jsonError(400, `${key} must be a string, number, boolean or null`, key) };
    else custom[key] = value;
  }
  const fields = validateBody(known, UserFields);
  if (!fields.ok) return fields;
  const { name, email, phone, value, lang, customData, ...extras } = fields.value;
  // plan, company and avatar have no column of their own: they live in customData like the flattened keys.
  const extraData = Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== undefined));
  return {
    ok: true,
    changes: { name, email, phone, value, lang, customData: { ...customData, ...extraData, ...custom } },
  };
}

/**
 * What a ping is answered: how many events were stored and, for a widget without its socket yet
 * (`ws: false`), the `update` its delivery made, as the push it would have been. The reference client
 * always has its socket (`ws: true`) and ignores the answer.
 */
function pingAnswer(ping: PingRequest, update: OutboundUpdatePush["data"] | null | undefined): PingAnswer {
  const answer = { ok: true as const, stored: ping.events.length };
  return update && ping.ws === false ? { ...answer, name: "update", data: update } : answer;
}

export function sessionRoutes({
  sql,
  sessionSecret,
  afterPing,
  onPingEvents,
  pingWriter = createPingWriter(sql),
  sessions,
}: SessionRoutesDeps): WidgetRoute[] {
  const answer = (session: StoredSession) => json(toWidgetSession(session, sessionSecret));

  /**
   * Resumes the session named by valid `Gleap-Id`/`Gleap-Hash` headers, or starts a new one. A stale
   * or forged pair is not an error: the visitor simply gets a fresh session.
   */
  async function start({ request, project }: WidgetContext): Promise<Response> {
    const body = await readJsonBody(request, SessionStartRequest);
    if (!body.ok) return body.response;
    const lang = body.value.lang ?? null;
    const gleapId = request.headers.get("gleap-id");
    const gleapHash = request.headers.get("gleap-hash");
    // The visitor panel names the browser the session was last started in.
    const userAgent = sessionUserAgent(request.headers.get("user-agent"));
    if (gleapId && gleapHash && verifySessionHash(sessionSecret, gleapId, gleapHash)) {
      const existing = await findSession(sql, project.id, gleapId);
      if (existing) return answer(await touchSession(sql, existing, lang, userAgent));
    }
    return answer(await createSession(sql, project.id, { lang, userAgent }));
  }

  /** A 400 when `changes` would take the session's custom data past its limits. */
  function customDataRefusal(target: StoredSession | null, changes: SessionChanges): Response | null {
    const problem = customDataProblem({ ...target?.customData, ...changes.customData });
    return problem ? jsonError(400, problem.error, problem.field) : null;
  }

  /**
   * Names the session's user. Unverified (no valid `userHash`), it only labels the caller's own
   * session: the id is a claim anyone can make, so it never opens another session or shows its data.
   * Verified, the user's history follows them: an anonymous session joins the user's verified one.
   */
  async function identify({ request, project, session }: WidgetContext): Promise<Response> {
    if (!session) return jsonError(401, "Session not ready yet.");
    const raw = await readJsonBody(request, IdentifyRequest);
    if (!raw.ok) return raw.response;
    const { userId, userHash } = raw.value;
    const verified = verifyUserHash(project.secret, userId, userHash);
    if (project.identityVerification && !verified) {
      return jsonError(401, invalidUserHash, "userHash");
    }
    const split = splitUserFields(raw.value as Record<string, unknown>, ["userId", "userHash"]);
    if (!split.ok) return split.response;
    const changes: SessionChanges = { ...split.changes, userId, ...(verified ? { userVerified: true } : {}) };

    // A session of another user leaves that user alone: the caller gets a session of their own.
    const ownSession = session.userId === null || session.userId === userId ? session : null;
    const known = verified ? await verifiedSessionOf(session, project.id, userId) : null;
    const target = known ?? ownSession;
    const refused = customDataRefusal(target, changes);
    if (refused) return refused;
    if (known && ownSession && known.id !== session.id)
      return answer(await mergeSessionInto(sql, session, known, changes));
    return answer(
      await updateSession(
        sql,
        target ?? (await createSession(sql, project.id, { lang: session.lang })),
        changes,
      ),
    );
  }

  /** The user's verified session: the caller's own when it is that, else the first one verified. */
  async function verifiedSessionOf(
    session: StoredSession,
    projectId: string,
    userId: string,
  ): Promise<StoredSession | null> {
    if (session.userId === userId && session.userVerified) return session;
    return findVerifiedSessionByUserId(sql, projectId, userId);
  }

  async function partialUpdate({ request, session }: WidgetContext): Promise<Response> {
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, PartialUpdateRequest);
    if (!body.ok) return body.response;
    const split = splitUserFields(body.value.data, ["userId", "userHash"]);
    if (!split.ok) return split.response;
    const refused = customDataRefusal(session, split.changes);
    if (refused) return refused;
    return answer(await updateSession(sql, session, split.changes));
  }

  /**
   * The session took from the lookup cache names the row to write; the write answers the row as it is
   * now. A session merged or deleted since it was kept is looked up again, once.
   */
  async function recordPing(requestedId: string, session: StoredSession, activity: PingActivity) {
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

  async function ping(context: WidgetContext): Promise<Response> {
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
    const stored = await recordPing(requestedId, session, {
      durationSeconds: body.value.time,
      sdkVersion: body.value.sdkVersion,
      events: body.value.events,
    });
    if (!stored) return jsonError(401, "Invalid session");
    if (body.value.events.length > 0) await onPingEvents?.(context, body.value.events);
    const update = await afterPing?.(context, stored, { push: body.value.ws !== false });
    return json(pingAnswer(body.value, update));
  }

  return [
    { method: "POST", pattern: "/api/widget/sessions", auth: "project", handle: start },
    { method: "POST", pattern: "/api/widget/sessions/identify", auth: "session", handle: identify },
    { method: "POST", pattern: "/api/widget/sessions/partialupdate", auth: "session", handle: partialUpdate },
    {
      method: "POST",
      pattern: "/api/widget/sessions/ping",
      auth: "session",
      sessionFromCache: true,
      handle: ping,
    },
  ];
}
