import type { Database } from "bun:sqlite";

/**
 * The sessions whose delivery rows a SQLite connection changed, noted by temporary triggers on that
 * connection (they see every statement it runs, however it was written: an offer, an acknowledgement,
 * a merge, a cascade), so what the ping keeps of delivery rows (delivery-states-reader.ts) never
 * depends on each writer remembering to say so. Another process's writes are not seen: the reader
 * keeps nothing while another writer is on the file.
 *
 * The list holds each session once and at most `maxNotedSessions`; past that it notes `allSessions`,
 * so a connection whose changes nobody takes for a while (no live content reads them) stays small.
 */
export const maxNotedSessions = 10_000;
/** Noted in place of the sessions once the list is full: every kept row is to be read again. */
export const allSessions = "*";

const noted = (session: string) =>
  `INSERT OR IGNORE INTO delivery_changes (session_id) SELECT CASE
    WHEN coalesce((SELECT max(rowid) FROM delivery_changes), 0) < ${maxNotedSessions} THEN ${session}
    ELSE '${allSessions}' END;`;

const setup = [
  "CREATE TEMP TABLE IF NOT EXISTS delivery_changes (session_id TEXT NOT NULL UNIQUE)",
  `CREATE TEMP TRIGGER IF NOT EXISTS delivery_changes_inserted AFTER INSERT ON main.widget_outbound_deliveries
    BEGIN ${noted("NEW.session_id")} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS delivery_changes_updated AFTER UPDATE ON main.widget_outbound_deliveries
    BEGIN ${noted("OLD.session_id")} ${noted("NEW.session_id")} END`,
  `CREATE TEMP TRIGGER IF NOT EXISTS delivery_changes_deleted AFTER DELETE ON main.widget_outbound_deliveries
    BEGIN ${noted("OLD.session_id")} END`,
];

/** Starts noting the connection's delivery changes (again after a reconnect: it does nothing twice). */
export function noteDeliveryChanges(connection: Database): void {
  for (const statement of setup) connection.run(statement);
}

/**
 * The sessions noted since the last call (`allSessions` among them when the list was full), and an
 * empty list again. Outside a transaction only: inside one, what it noted may still be rolled back.
 */
export function takeDeliveryChanges(connection: Database): string[] {
  const rows = connection.prepare("SELECT session_id FROM delivery_changes").values() as string[][];
  if (rows.length === 0) return [];
  connection.prepare("DELETE FROM delivery_changes").run();
  return rows.map(([session]) => session as string);
}
