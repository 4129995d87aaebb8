import type { SQL } from "bun";
import type { StreamedEvent } from "../../../shared/widget-session-api.ts";
import { sessionWithPings } from "./logged-pings.ts";
import { foldPingsOf, forgetSessionRows, pingLogOf } from "./ping-log-registry.ts";
import { visitIdleMs } from "./session-visits.ts";

export interface StoredSession {
  id: string;
  projectId: string;
  userId: string | null;
  /** The user id came with a valid `userHash`: only then may another browser's session join this one. */
  userVerified: boolean;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  customData: Record<string, unknown>;
  lang: string | null;
  createdAt: string;
  lastSeenAt: string;
  durationSeconds: number;
  pageViews: number;
  lastPage: string | null;
  /** When the current visit began: the first activity after 30 minutes of none. */
  visitStartedAt: string | null;
  /** An admin marked one of its reports as spam: it may send no more (migration 026). */
  reportsBlocked: boolean;
}

export interface SessionRow {
  id: string;
  project_id: string;
  user_id: string | null;
  user_verified: boolean | number;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  custom_data: string;
  lang: string | null;
  created_at: string;
  last_seen_at: string;
  duration_seconds: number | string;
  page_views: number | string;
  last_page: string | null;
  visit_started_at?: string | null;
  merged_into: string | null;
  reports_blocked_at?: string | null;
}

export function sessionFromRow(row: SessionRow): StoredSession {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    userVerified: Boolean(row.user_verified),
    name: row.name,
    email: row.email,
    phone: row.phone,
    value: row.value === null ? null : Number(row.value),
    customData: JSON.parse(row.custom_data) as Record<string, unknown>,
    lang: row.lang,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    durationSeconds: Number(row.duration_seconds),
    pageViews: Number(row.page_views),
    lastPage: row.last_page,
    visitStartedAt: row.visit_started_at ?? null,
    reportsBlocked: typeof row.reports_blocked_at === "string",
  };
}

export async function createSession(
  sql: SQL,
  projectId: string,
  fields: { lang?: string | null; userId?: string | null; userAgent?: string | null } = {},
): Promise<StoredSession> {
  const now = new Date().toISOString();
  // UUIDv7 ids sort by creation time, which keeps the primary-key index append-only.
  const [row] =
    await sql`INSERT INTO widget_sessions (id, project_id, user_id, custom_data, lang, created_at, last_seen_at, visit_started_at, user_agent)
    VALUES (${Bun.randomUUIDv7()}, ${projectId}, ${fields.userId ?? null}, ${"{}"}, ${fields.lang ?? null}, ${now}, ${now}, ${now}, ${fields.userAgent ?? null})
    RETURNING *`;
  return sessionFromRow(row);
}

/**
 * A session by id; a session merged into a user's session resolves to that one. It reads with its
 * pings not folded yet (ping-log.ts): a read that a fold overtook, which may have the row from before
 * the fold and the pings no longer unfolded, is read again.
 */
export async function findSessionById(sql: SQL, id: string): Promise<StoredSession | null> {
  const log = pingLogOf(sql);
  if (!log) return readSessionById(sql, id);
  for (let attempt = 0; attempt < 3; attempt++) {
    const folds = log.folds();
    const session = await readSessionById(sql, id);
    if (!session) return null;
    if (log.folds() === folds) return sessionWithPings(session, log.unfoldedOf(session.id));
  }
  // Folds kept overtaking the read: with the session's own pings folded, one more read is whole.
  await log.fold([id]);
  const session = await readSessionById(sql, id);
  return session && sessionWithPings(session, log.unfoldedOf(session.id));
}

async function readSessionById(sql: SQL, id: string): Promise<StoredSession | null> {
  const [row] = await sql`SELECT * FROM widget_sessions WHERE id = ${id}`;
  if (!row) return null;
  if (row.merged_into) {
    const [target] = await sql`SELECT * FROM widget_sessions WHERE id = ${row.merged_into}`;
    return target ? sessionFromRow(target) : null;
  }
  return sessionFromRow(row);
}

export async function findSession(sql: SQL, projectId: string, id: string): Promise<StoredSession | null> {
  const session = await findSessionById(sql, id);
  return session && session.projectId === projectId ? session : null;
}

/**
 * The user's session that a verified identify established. A session that only claimed the user id
 * (no valid `userHash`) is never found: whoever claimed it must not receive the user, nor be received.
 */
export async function findVerifiedSessionByUserId(
  sql: SQL,
  projectId: string,
  userId: string,
): Promise<StoredSession | null> {
  const [row] = await sql`SELECT * FROM widget_sessions
    WHERE project_id = ${projectId} AND user_id = ${userId} AND user_verified = TRUE
      AND merged_into IS NULL
    ORDER BY created_at LIMIT 1`;
  return row ? sessionFromRow(row) : null;
}

/** Marks a returning session as seen, keeping its language when the client sent none. */
export async function touchSession(
  sql: SQL,
  session: StoredSession,
  lang: string | null,
  /** The start's User-Agent (sessionUserAgent); null keeps the stored one. */
  userAgent: string | null = null,
): Promise<StoredSession> {
  // Its visit rule reads last-seen in SQL: the session's unfolded pings count.
  await foldPingsOf(sql, [session.id]);
  const now = new Date().toISOString();
  const nextLang = lang ?? session.lang;
  const idleSince = new Date(Date.parse(now) - visitIdleMs).toISOString();
  const [row] = await sql`UPDATE widget_sessions SET last_seen_at = ${now}, lang = ${nextLang},
      user_agent = COALESCE(${userAgent}, user_agent),
      visit_started_at = CASE WHEN visit_started_at IS NULL OR last_seen_at < ${idleSince}
        THEN ${now} ELSE visit_started_at END
    WHERE id = ${session.id} RETURNING visit_started_at`;
  forgetSessionRows(sql, [session.id]);
  const visitStartedAt = (row as { visit_started_at: string | null } | undefined)?.visit_started_at ?? null;
  return { ...session, lastSeenAt: now, lang: nextLang, visitStartedAt };
}

export interface SessionChanges {
  userId?: string;
  /** Set once a valid `userHash` proved the user id; never taken back by an unverified identify. */
  userVerified?: boolean;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  value?: number | null;
  lang?: string | null;
  /** Merged into the stored custom data, key by key. */
  customData?: Record<string, unknown>;
}

/** Applies the fields that were given (undefined keeps the stored value) and answers the result. */
export async function updateSession(
  sql: SQL,
  session: StoredSession,
  changes: SessionChanges,
): Promise<StoredSession> {
  // Its visit rule reads last-seen in SQL: the session's unfolded pings count.
  await foldPingsOf(sql, [session.id]);
  const next: StoredSession = {
    ...session,
    userId: changes.userId ?? session.userId,
    userVerified: changes.userVerified ?? session.userVerified,
    name: changes.name === undefined ? session.name : changes.name,
    email: changes.email === undefined ? session.email : changes.email,
    phone: changes.phone === undefined ? session.phone : changes.phone,
    value: changes.value === undefined ? session.value : changes.value,
    lang: changes.lang === undefined ? session.lang : changes.lang,
    customData: { ...session.customData, ...changes.customData },
    lastSeenAt: new Date().toISOString(),
  };
  const idleSince = new Date(Date.parse(next.lastSeenAt) - visitIdleMs).toISOString();
  const [row] = await sql`UPDATE widget_sessions SET
      user_id = ${next.userId}, user_verified = ${next.userVerified}, name = ${next.name}, email = ${next.email}, phone = ${next.phone},
      value = ${next.value}, lang = ${next.lang}, custom_data = ${JSON.stringify(next.customData)},
      visit_started_at = CASE WHEN visit_started_at IS NULL OR last_seen_at < ${idleSince}
        THEN ${next.lastSeenAt} ELSE visit_started_at END,
      last_seen_at = ${next.lastSeenAt}
    WHERE id = ${session.id} RETURNING visit_started_at`;
  forgetSessionRows(sql, [session.id]);
  const visitStartedAt = (row as { visit_started_at: string | null } | undefined)?.visit_started_at ?? null;
  return { ...next, visitStartedAt };
}

/**
 * Folds an anonymous session into a user's existing one: its events, reports, checklists,
 * deliveries and their acknowledgements, conversations, feature requests, votes and survey answers move over, and the old id
 * keeps pointing at the target so a stale client still lands on the right session. All or nothing.
 */
export async function mergeSessionInto(
  sql: SQL,
  from: StoredSession,
  into: StoredSession,
  changes: SessionChanges,
): Promise<StoredSession> {
  // Both sessions' pings folded first: the merge moves events and adds up page views and durations.
  await foldPingsOf(sql, [from.id, into.id]);
  const merged = await sql.begin(async (tx) => {
    await tx`UPDATE widget_events SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    await tx`UPDATE widget_event_batches SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    await tx`UPDATE feedback_reports SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    await tx`UPDATE widget_checklists SET session_id = ${into.id} WHERE session_id = ${from.id}
      AND NOT EXISTS (SELECT 1 FROM widget_checklists other WHERE other.session_id = ${into.id}
        AND other.outbound_id = widget_checklists.outbound_id AND other.shared_key = widget_checklists.shared_key)`;
    // Content both sessions were offered keeps one row, with what either acknowledged.
    const fromRow = (column: string) =>
      `COALESCE(${column}, (SELECT f.${column} FROM widget_outbound_deliveries f
        WHERE f.session_id = $1 AND f.outbound_id = widget_outbound_deliveries.outbound_id))`;
    await tx.unsafe(
      `UPDATE widget_outbound_deliveries SET ${[
        "read_at",
        "shown_at",
        "last_shown_at",
        "opened_at",
        "completed_at",
        "closed_at",
      ]
        .map((column) => `${column} = ${fromRow(column)}`)
        .join(", ")}
      WHERE session_id = $2 AND outbound_id IN (SELECT outbound_id FROM widget_outbound_deliveries WHERE session_id = $1)`,
      [from.id, into.id],
    );
    await tx`DELETE FROM widget_outbound_deliveries WHERE session_id = ${from.id}
      AND outbound_id IN (SELECT outbound_id FROM widget_outbound_deliveries WHERE session_id = ${into.id})`;
    await tx`UPDATE widget_outbound_deliveries SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    // The outbound stats count visitors: what both sessions acknowledged on one day counts once.
    await tx`DELETE FROM widget_outbound_events WHERE session_id = ${from.id}
      AND EXISTS (SELECT 1 FROM widget_outbound_events other WHERE other.session_id = ${into.id}
        AND other.outbound_id = widget_outbound_events.outbound_id AND other.kind = widget_outbound_events.kind
        AND other.day = widget_outbound_events.day)`;
    await tx`UPDATE widget_outbound_events SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    // Messenger content: conversations, requests and votes follow (a vote the user had cast already
    // is not counted twice); an answer to a survey the user answered stays with the anonymous session.
    await tx`UPDATE conversations SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    await tx`UPDATE feature_requests SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    await tx`DELETE FROM feature_request_votes WHERE session_id = ${from.id}
      AND feature_request_id IN (SELECT feature_request_id FROM feature_request_votes WHERE session_id = ${into.id})`;
    await tx`UPDATE feature_request_votes SET session_id = ${into.id} WHERE session_id = ${from.id}`;
    await tx`UPDATE survey_answers SET session_id = ${into.id} WHERE session_id = ${from.id}
      AND NOT EXISTS (SELECT 1 FROM survey_answers other WHERE other.session_id = ${into.id}
        AND other.survey_id = survey_answers.survey_id AND other.once_key = survey_answers.once_key)`;
    await tx`UPDATE widget_sessions SET merged_into = ${into.id} WHERE id = ${from.id}`;
    await tx`UPDATE widget_sessions SET duration_seconds = duration_seconds + ${from.durationSeconds},
      page_views = page_views + ${from.pageViews} WHERE id = ${into.id}`;
    return updateSession(
      tx,
      { ...into, durationSeconds: into.durationSeconds + from.durationSeconds },
      changes,
    );
  });
  forgetSessionRows(sql, [from.id, into.id]);
  return merged;
}

export async function listSessionEvents(sql: SQL, sessionId: string): Promise<StreamedEvent[]> {
  // The events of unfolded pings are in the ping log still (ping-log.ts).
  await foldPingsOf(sql, [sessionId]);
  // Stored a row each or a batch per fold (migration 045): the view reads both as rows.
  const rows = await sql`SELECT name, occurred_at, data FROM widget_session_events
    WHERE session_id = ${sessionId} ORDER BY occurred_at, id`;
  return rows.map((row: { name: string; occurred_at: string; data: string | null }) => ({
    name: row.name,
    date: row.occurred_at,
    data: row.data === null ? undefined : (JSON.parse(row.data) as unknown),
  }));
}
