import type { SQL } from "bun";
import { IdentifyRequest } from "../../../shared/widget-session-api.ts";
import {
  createSession,
  findVerifiedSessionByUserId,
  mergeSessionInto,
  type SessionChanges,
  type StoredSession,
  updateSession,
} from "../../domain/sessions/sessions-repository.ts";
import { verifyUserHash } from "../../domain/sessions/user-hash.ts";
import { jsonError } from "../../http/json-response.ts";
import { sessionBodyHandler } from "../session-body-handler.ts";
import type { SessionRoutesDeps } from "../sessions-routes-deps.ts";
import type { WidgetHandler } from "../widget-route.ts";
import { customDataRefusal, splitUserFields } from "./user-fields.ts";
import { widgetSessionAnswer } from "./widget-session-answer.ts";

/** The SDK prints this on the host's console as it is: it names the cause and the setting behind it. */
const invalidUserHash = "Invalid user hash for this user id (identity verification is on for this project)";

/** The user's verified session: the caller's own when it is that, else the first one verified. */
async function verifiedSessionOf(
  sql: SQL,
  session: StoredSession,
  projectId: string,
  userId: string,
): Promise<StoredSession | null> {
  if (session.userId === userId && session.userVerified) return session;
  return findVerifiedSessionByUserId(sql, projectId, userId);
}

/**
 * `POST /sessions/identify`: names the session's user. Unverified (no valid `userHash`), it only
 * labels the caller's own session: the id is a claim anyone can make, so it never opens another
 * session or shows its data. Verified, the user's history follows them: an anonymous session joins
 * the user's verified one.
 */
export function handleIdentify({
  sql,
  sessionSecret,
}: Pick<SessionRoutesDeps, "sql" | "sessionSecret">): WidgetHandler {
  return sessionBodyHandler(IdentifyRequest, async (raw, session, { project }) => {
    const { userId, userHash } = raw;
    const verified = verifyUserHash(project.secret, userId, userHash);
    if (project.identityVerification && !verified) {
      return jsonError(401, invalidUserHash, "userHash");
    }
    const split = splitUserFields(raw as Record<string, unknown>, ["userId", "userHash"]);
    if (!split.ok) return split.response;
    const changes: SessionChanges = { ...split.changes, userId, ...(verified ? { userVerified: true } : {}) };

    // A session of another user leaves that user alone: the caller gets a session of their own.
    const ownSession = session.userId === null || session.userId === userId ? session : null;
    const known = verified ? await verifiedSessionOf(sql, session, project.id, userId) : null;
    const target = known ?? ownSession;
    const refused = customDataRefusal(target, changes);
    if (refused) return refused;
    if (known && ownSession && known.id !== session.id)
      return widgetSessionAnswer(await mergeSessionInto(sql, session, known, changes), sessionSecret);
    const updated = await updateSession(
      sql,
      target ?? (await createSession(sql, project.id, { lang: session.lang })),
      changes,
    );
    return widgetSessionAnswer(updated, sessionSecret);
  });
}
