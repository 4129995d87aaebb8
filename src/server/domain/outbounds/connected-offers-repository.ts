import type { SQL } from "bun";
import { foldPingsOf } from "../sessions/ping-log-registry.ts";
import { type Outbound, type OutboundRow, outboundFromRow } from "./outbound-repository.ts";
import type { DeliveryState, QueueVisitor } from "./takeover-queue.ts";

/**
 * The statements of a publish to every connected visitor at once: each reads or writes the
 * whole set of sessions, so their number does not grow with the visitors, only with
 * `idsPerStatement` (a bound on the parameters one statement carries).
 */

/**
 * Session ids per statement: far below the bound parameters SQLite (250,000 in Bun's build) and
 * PostgreSQL (65,535) accept, and large enough that a publish to 5,000 sockets is one statement each.
 */
export const idsPerStatement = 5000;

function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** The actions' kinds: everything but checklists, which a client opens itself. */
const actionTypes = ["notification", "banner", "modal", "tour", "survey"] as const;

/** The project's live content that goes out as actions. */
export async function listLiveActionOutbounds(sql: SQL, projectId: string): Promise<Outbound[]> {
  const rows = await sql`SELECT * FROM widget_outbounds
    WHERE project_id = ${projectId} AND status = ${"live"} AND type IN ${sql([...actionTypes])}`;
  return (rows as OutboundRow[]).map(outboundFromRow);
}

/**
 * What a delivery needs of a connected session: its queue fields, the name `{{name}}` is filled with,
 * and its unread count before this delivery (notifications offered and not read, staff and bot
 * messages not read: the launcher badge).
 */
export interface ConnectedVisitor extends QueueVisitor {
  id: string;
  name: string | null;
  /** The widget's language (the session's `lang`): content goes out in it where it is written in it. */
  lang: string | null;
  unread: number;
}

interface VisitorRow {
  id: string;
  user_id: string | null;
  name: string | null;
  lang: string | null;
  last_page: string | null;
  visit_started_at: string | null;
  merged_into: string | null;
  unread_notifications: number | string | bigint;
  unread_messages: number | string | bigint;
}

const visitorFromRow = (row: VisitorRow): ConnectedVisitor => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  lang: row.lang,
  lastPage: row.last_page,
  visitStartedAt: row.visit_started_at ?? null,
  unread: Number(row.unread_notifications) + Number(row.unread_messages),
});

async function readVisitorRows(sql: SQL, ids: readonly string[]): Promise<VisitorRow[]> {
  const rows: VisitorRow[] = [];
  for (const chunk of chunksOf(ids, idsPerStatement)) {
    rows.push(
      ...((await sql`SELECT s.id, s.user_id, s.name, s.lang, s.last_page, s.visit_started_at, s.merged_into,
          (SELECT count(*) FROM widget_outbound_deliveries d JOIN widget_outbounds o ON o.id = d.outbound_id
            WHERE d.session_id = s.id AND d.read_at IS NULL AND o.type = ${"notification"}
          ) AS unread_notifications,
          (SELECT count(*) FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
            LEFT JOIN conversation_read_marks r ON r.conversation_id = c.id AND r.reader = ${"visitor"}
            WHERE c.session_id = s.id AND m.author <> ${"visitor"}
              AND m.id > COALESCE(r.last_read_message_id, ${""})
          ) AS unread_messages
        FROM widget_sessions s WHERE s.id IN ${sql(chunk)}`) as VisitorRow[]),
    );
  }
  return rows;
}

/**
 * The sessions behind the connected ids, each once, with their unread counts (as
 * `countUnreadNotifications` and `countUnreadMessages` count them for one session). A session merged into a user's session stands for
 * that one (as `findSessionById` resolves it), read in a second statement only when there is such a
 * session; a deleted session is left out.
 */
export async function findConnectedVisitors(
  sql: SQL,
  sessionIds: readonly string[],
): Promise<ConnectedVisitor[]> {
  // Last page and visit start are what pings change: the sessions' unfolded pings first (ping-log.ts).
  await foldPingsOf(sql, sessionIds);
  const rows = await readVisitorRows(sql, sessionIds);
  const visitors = new Map<string, ConnectedVisitor>();
  const mergedTargets = new Set<string>();
  for (const row of rows) {
    if (row.merged_into) mergedTargets.add(row.merged_into);
    else visitors.set(row.id, visitorFromRow(row));
  }
  const missing = [...mergedTargets].filter((id) => !visitors.has(id));
  for (const row of await readVisitorRows(sql, missing)) visitors.set(row.id, visitorFromRow(row));
  return [...visitors.values()];
}

interface DeliveryRow {
  outbound_id: string;
  session_id: string;
  shown_at: string | null;
  last_shown_at: string | null;
  closed_at: string | null;
  completed_at: string | null;
}

/** The delivery rows of these outbounds for these sessions: session id → outbound id → its state. */
export async function readDeliveryStates(
  sql: SQL,
  outboundIds: readonly string[],
  sessionIds: readonly string[],
): Promise<Map<string, Map<string, DeliveryState>>> {
  const states = new Map<string, Map<string, DeliveryState>>();
  if (outboundIds.length === 0) return states;
  for (const chunk of chunksOf(sessionIds, idsPerStatement)) {
    const rows = (await sql`SELECT outbound_id, session_id, shown_at, last_shown_at, closed_at, completed_at
      FROM widget_outbound_deliveries
      WHERE outbound_id IN ${sql([...outboundIds])} AND session_id IN ${sql(chunk)}`) as DeliveryRow[];
    for (const row of rows) {
      const ofSession = states.get(row.session_id) ?? new Map<string, DeliveryState>();
      ofSession.set(row.outbound_id, {
        shownAt: row.shown_at,
        lastShownAt: row.last_shown_at,
        closedAt: row.closed_at,
        completedAt: row.completed_at,
      });
      states.set(row.session_id, ofSession);
    }
  }
  return states;
}

export interface Offer {
  outboundId: string;
  sessionId: string;
}

/**
 * Records the offers (delivery rows: offered, not yet shown) in one multi-row insert per
 * `idsPerStatement` offers; a row that exists stays as it is. Content deleted or a session removed
 * since they were read fails the insert on its foreign key; then the offers are written again from
 * the outbounds and sessions as stored (one statement per piece of content), skipping those.
 */
export async function recordOfferSet(sql: SQL, offers: readonly Offer[], now: string): Promise<void> {
  for (const chunk of chunksOf(offers, idsPerStatement)) {
    const rows = chunk.map((offer) => ({
      outbound_id: offer.outboundId,
      session_id: offer.sessionId,
      delivered_at: now,
    }));
    try {
      await sql`INSERT INTO widget_outbound_deliveries ${sql(rows)}
        ON CONFLICT (outbound_id, session_id) DO NOTHING`;
    } catch {
      await recordOffersOfStoredRows(sql, chunk, now);
    }
  }
}

/** The offers whose outbound and session still exist, one INSERT … SELECT per piece of content. */
async function recordOffersOfStoredRows(sql: SQL, offers: readonly Offer[], now: string): Promise<void> {
  const sessionsByOutbound = new Map<string, string[]>();
  for (const offer of offers) {
    const sessions = sessionsByOutbound.get(offer.outboundId) ?? [];
    sessions.push(offer.sessionId);
    sessionsByOutbound.set(offer.outboundId, sessions);
  }
  for (const [outboundId, sessionIds] of sessionsByOutbound) {
    await sql`INSERT INTO widget_outbound_deliveries (outbound_id, session_id, delivered_at)
      SELECT o.id, s.id, ${now} FROM widget_outbounds o
        JOIN widget_sessions s ON s.id IN ${sql(sessionIds)}
      WHERE o.id = ${outboundId}
      ON CONFLICT (outbound_id, session_id) DO NOTHING`;
  }
}
