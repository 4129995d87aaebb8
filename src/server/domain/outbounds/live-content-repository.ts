import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { type Outbound, type OutboundRow, outboundFromRow } from "./outbound-repository.ts";
import type { DeliveryState } from "./takeover-queue.ts";

/**
 * The ping's reads of live content, split in two so the project-wide half can be kept in memory
 * (widget-lookup-cache.ts) and the per-session half is only read when something could be offered.
 */

/** Live content that goes out as actions: everything but checklists, which a client opens itself. */
export type LiveOutbound = Outbound;

const actionTypes = ["notification", "banner", "modal", "tour", "survey"] as const;

/** The project's live content that goes out as actions, whatever the session has seen of it. */
export async function listLiveContent(sql: SQL, projectId: string): Promise<LiveOutbound[]> {
  const rows = await sql`SELECT * FROM widget_outbounds
    WHERE project_id = ${projectId} AND status = ${"live"} AND type IN ${sql([...actionTypes])}`;
  return (rows as OutboundRow[]).map(outboundFromRow);
}

interface DeliveryRow {
  outbound_id: string;
  shown_at: string | null;
  last_shown_at: string | null;
  closed_at: string | null;
  completed_at: string | null;
}

const statesOfRows = (rows: readonly DeliveryRow[], wanted: ReadonlySet<string> | null) => {
  const states = new Map<string, DeliveryState>();
  for (const row of rows)
    if (wanted === null || wanted.has(row.outbound_id))
      states.set(row.outbound_id, {
        shownAt: row.shown_at,
        lastShownAt: row.last_shown_at,
        closedAt: row.closed_at,
        completedAt: row.completed_at,
      });
  return states;
};

/** What the session's delivery rows say of these outbounds; one never offered has no entry. */
export async function deliveryStatesOf(
  sql: SQL,
  sessionId: string,
  outboundIds: readonly string[],
): Promise<Map<string, DeliveryState>> {
  if (outboundIds.length === 0) return new Map();
  const rows = (await sql`SELECT outbound_id, shown_at, last_shown_at, closed_at, completed_at
    FROM widget_outbound_deliveries
    WHERE session_id = ${sessionId} AND outbound_id IN ${sql([...outboundIds])}`) as DeliveryRow[];
  return statesOfRows(rows, null);
}

export type DeliveryStatesReader = (
  sessionId: string,
  outboundIds: readonly string[],
) => Map<string, DeliveryState> | Promise<Map<string, DeliveryState>>;

/**
 * One statement text whatever the list (a text per list would crowd SQLite's statement cache); read
 * from the index that holds every column it asks for (migration 047), without the table row.
 */
export const sessionDeliveries = `SELECT outbound_id, shown_at, last_shown_at, closed_at, completed_at
  FROM widget_outbound_deliveries WHERE session_id = ?`;

/**
 * `deliveryStatesOf` for every ping of a site with live content: on SQLite, once Bun.SQL's connection
 * is known, read on it synchronously (all the session's rows, by the covering index on `session_id`, a
 * few per session), since Bun.SQL's promise, pool dispatch and statement handle cost more than the read itself.
 * Inside a transaction Bun.SQL holds open on that connection, and on PostgreSQL, Bun.SQL reads.
 */
export function deliveryStatesReader(sql: SQL): DeliveryStatesReader {
  let connection: Database | null = null;
  if (sql.options.adapter === "sqlite")
    sqliteConnectionOf(sql).then(
      (found) => {
        connection = found;
      },
      () => {},
    );
  return (sessionId, outboundIds) => {
    if (outboundIds.length === 0) return new Map();
    if (connection === null || connection.inTransaction) return deliveryStatesOf(sql, sessionId, outboundIds);
    const rows = connection.prepare(sessionDeliveries).all(sessionId) as DeliveryRow[];
    return statesOfRows(rows, new Set(outboundIds));
  };
}
