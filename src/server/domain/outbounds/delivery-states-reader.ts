import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { batchedPerTurn } from "../../database/batched-per-turn.ts";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { type DeliveryRow, deliveryStatesOf, statesOfRows } from "./live-content-repository.ts";
import type { DeliveryState } from "./takeover-queue.ts";

/** What one session saw of these outbounds; one never offered has no entry. */
export type DeliveryStatesReader = (
  sessionId: string,
  outboundIds: readonly string[],
) => Promise<Map<string, DeliveryState>>;

type SessionDeliveryRow = DeliveryRow & { session_id: string };

/**
 * Every delivery row of the sessions a JSON array names: one statement text whatever their number (a
 * text per count would crowd SQLite's statement cache), read from the index that holds every column it
 * asks for (migration 047), without the table's rows.
 */
export const sessionsDeliveries = `SELECT session_id, outbound_id, shown_at, last_shown_at, closed_at, completed_at
  FROM widget_outbound_deliveries WHERE session_id IN (SELECT value FROM json_each(?))`;

function bySession(rows: readonly SessionDeliveryRow[]): Map<string, SessionDeliveryRow[]> {
  const sessions = new Map<string, SessionDeliveryRow[]>();
  for (const row of rows) {
    const kept = sessions.get(row.session_id);
    if (kept) kept.push(row);
    else sessions.set(row.session_id, [row]);
  }
  return sessions;
}

/**
 * `deliveryStatesOf` for every ping of a site with live content. On SQLite the sessions asked for in
 * one turn (a committed group's pings) are read together, once Bun.SQL's connection is known on it
 * synchronously: Bun.SQL's promise, pool dispatch and statement handle cost more than the read itself.
 * Inside a transaction Bun.SQL holds open on that connection a read of ours would join it, so Bun.SQL
 * reads then; on PostgreSQL it reads each session's rows.
 */
export function deliveryStatesReader(sql: SQL): DeliveryStatesReader {
  if (sql.options.adapter !== "sqlite")
    return (sessionId, outboundIds) => deliveryStatesOf(sql, sessionId, outboundIds);
  let connection: Database | null = null;
  sqliteConnectionOf(sql).then(
    (found) => {
      connection = found;
    },
    () => {},
  );
  const rowsOf = batchedPerTurn<string, SessionDeliveryRow[]>((sessionIds) => {
    const ids = JSON.stringify(sessionIds);
    if (connection === null || connection.inTransaction)
      return (sql.unsafe(sessionsDeliveries, [ids]) as Promise<SessionDeliveryRow[]>).then(bySession);
    return bySession(connection.prepare(sessionsDeliveries).all(ids) as SessionDeliveryRow[]);
  });
  return async (sessionId, outboundIds) => {
    if (outboundIds.length === 0) return new Map();
    return statesOfRows((await rowsOf(sessionId)) ?? [], new Set(outboundIds));
  };
}
