import { SQL } from "bun";
import type { DatabaseTarget } from "../config.ts";

export type Engine = DatabaseTarget["engine"];

/**
 * The one handle to storage. Queries are written once, as tagged templates over `sql`, in the subset of
 * SQL that SQLite and PostgreSQL share: TEXT ids, ISO 8601 TEXT dates, JSON as TEXT, BOOLEAN columns
 * (read through `Boolean()`, since SQLite answers 0/1), `ON CONFLICT` upserts and no engine functions.
 */
export interface Database {
  sql: SQL;
  engine: Engine;
  /** Answers true when a trivial query round-trips. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const sql =
    target.engine === "sqlite"
      ? new SQL({ adapter: "sqlite", filename: target.filename, create: true, readwrite: true })
      : new SQL(target.url);

  if (target.engine === "sqlite") {
    // WAL lets readers go on while a write commits; foreign keys are off in SQLite unless asked for.
    await sql`PRAGMA journal_mode = WAL`;
    await sql`PRAGMA foreign_keys = ON`;
    await sql`PRAGMA busy_timeout = 5000`;
    await sql`PRAGMA synchronous = NORMAL`;
    // Refreshes the planner's statistics where they are stale (SQLite's advice for every connection),
    // so list queries keep choosing their indexes as tables grow.
    await sql`PRAGMA optimize = 0x10002`;
  } else {
    await sql`SELECT 1`;
  }

  return {
    sql,
    engine: target.engine,
    async ping() {
      try {
        await sql`SELECT 1 AS ok`;
        return true;
      } catch {
        return false;
      }
    },
    close: () => sql.close(),
  };
}
