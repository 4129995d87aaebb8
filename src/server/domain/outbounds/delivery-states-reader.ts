import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { batchedPerTurn } from "../../database/batched-per-turn.ts";
import { RecentReads } from "../../database/recent-reads.ts";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { pingLogOf } from "../sessions/ping-log-registry.ts";
import { allSessions, noteDeliveryChanges, takeDeliveryChanges } from "./delivery-changes.ts";
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

/** How long a session's delivery rows are used again without reading them, changed or not. */
export const deliveryRowsKeptMs = 60_000;
const deliverySessionsKept = 100_000;

/**
 * What the reader keeps of the sessions' delivery rows on SQLite: only while the ping log's last look
 * (its group's, just before) found this process the file's only writer, and never across a spell of
 * another writer's. The connection's own changes are taken before each read (delivery-changes.ts), so
 * a row is kept until its session's rows change here, at most `deliveryRowsKeptMs`.
 */
function keptDeliveryRows(sql: SQL, now: () => number) {
  const kept = new RecentReads<SessionDeliveryRow[]>({
    keptMs: deliveryRowsKeptMs,
    maxKeys: deliverySessionsKept,
    now,
  });
  let noting = false;
  let spell: number | null = null;
  /** The kept rows up to date with the connection's changes; null when nothing may be kept now. */
  return (connection: Database): RecentReads<SessionDeliveryRow[]> | null => {
    const log = pingLogOf(sql);
    const last = log?.lastAlone();
    if (!last?.alone || log?.connection !== connection) {
      kept.clear();
      return null;
    }
    if (!noting) {
      noteDeliveryChanges(connection);
      noting = true;
    }
    const changed = takeDeliveryChanges(connection);
    if (spell !== last.spell || changed.includes(allSessions)) kept.clear();
    else kept.forget(changed);
    spell = last.spell;
    return kept;
  };
}

/**
 * `deliveryStatesOf` for every ping of a site with live content. On SQLite the sessions asked for in
 * one turn (a committed group's pings) are read together, once Bun.SQL's connection is known on it
 * synchronously: Bun.SQL's promise, pool dispatch and statement handle cost more than the read itself.
 * A busy session's rows are kept between its pings (`keptDeliveryRows`): reading them for each group
 * was a tenth of a ping's time. Inside a transaction Bun.SQL holds open on that connection a read of
 * ours would join it, so Bun.SQL reads then, and nothing is kept; on PostgreSQL it reads each session's
 * rows.
 */
export function deliveryStatesReader(
  sql: SQL,
  now: () => number = () => performance.now(),
): DeliveryStatesReader {
  if (sql.options.adapter !== "sqlite")
    return (sessionId, outboundIds) => deliveryStatesOf(sql, sessionId, outboundIds);
  let connection: Database | null = null;
  sqliteConnectionOf(sql).then(
    (found) => {
      connection = found;
    },
    () => {},
  );
  const keeping = keptDeliveryRows(sql, now);
  const rowsOf = batchedPerTurn<string, SessionDeliveryRow[]>((sessionIds) => {
    if (connection === null || connection.inTransaction)
      return (
        sql.unsafe(sessionsDeliveries, [JSON.stringify(sessionIds)]) as Promise<SessionDeliveryRow[]>
      ).then(bySession);
    const kept = keeping(connection);
    const { kept: found, missing } = kept?.split(sessionIds) ?? { kept: new Map(), missing: sessionIds };
    if (missing.length === 0) return found;
    const read = bySession(
      connection.prepare(sessionsDeliveries).all(JSON.stringify(missing)) as SessionDeliveryRow[],
    );
    for (const id of missing) {
      const rows = read.get(id) ?? [];
      found.set(id, rows);
      kept?.keep(id, rows);
    }
    return found;
  });
  return async (sessionId, outboundIds) => {
    if (outboundIds.length === 0) return new Map();
    return statesOfRows((await rowsOf(sessionId)) ?? [], new Set(outboundIds));
  };
}
