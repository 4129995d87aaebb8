import { SQL } from "bun";
import type { DatabaseTarget } from "../config.ts";
import { openReads, type Reads } from "./reads.ts";
import { beginImmediately } from "./sqlite-immediate-transactions.ts";
import { installSqliteStatementCache } from "./sqlite-statement-cache.ts";
import { startWalCheckpointer, type WalCheckpointer } from "./sqlite-wal-checkpointer.ts";
import { switchToWriteAheadLog } from "./sqlite-wal-mode.ts";

export type Engine = DatabaseTarget["engine"];

/**
 * The one handle to storage. Queries are written once, as tagged templates over `sql`, in the subset of
 * SQL that SQLite and PostgreSQL share: TEXT ids, ISO 8601 TEXT dates, JSON as TEXT, BOOLEAN columns
 * (read through `Boolean()`, since SQLite answers 0/1), `ON CONFLICT` upserts and no engine functions.
 */
export interface Database {
  sql: SQL;
  engine: Engine;
  /** The admin lists' reads: reader threads on SQLite, the pool on PostgreSQL (see reads.ts). */
  reads: Reads;
  /** Answers true when a trivial query round-trips. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Told of what works on but should be fixed (the WAL checkpointer's thread failed). */
  onWarning?: (message: string) => void;
}

export async function openDatabase(
  target: DatabaseTarget,
  { onWarning }: OpenDatabaseOptions = {},
): Promise<Database> {
  // Bun.SQL prepares every SQLite query anew; this keeps the statements (sqlite-statement-cache.ts).
  if (target.engine === "sqlite") installSqliteStatementCache();
  const sql =
    target.engine === "sqlite"
      ? new SQL({ adapter: "sqlite", filename: target.filename, create: true, readwrite: true })
      : new SQL(target.url);

  let checkpointer: WalCheckpointer | null = null;
  if (target.engine === "sqlite") {
    // First, so that every later statement waits for another process's lock instead of failing: on a
    // new file, switching to WAL needs a lock that a second process starting at once may hold.
    await sql`PRAGMA busy_timeout = 5000`;
    // WAL lets readers go on while a write commits; foreign keys are off in SQLite unless asked for.
    await switchToWriteAheadLog(sql);
    await sql`PRAGMA foreign_keys = ON`;
    await sql`PRAGMA synchronous = NORMAL`;
    // Refreshes the planner's statistics where they are stale (SQLite's advice for every connection),
    // so list queries keep choosing their indexes as tables grow.
    await sql`PRAGMA optimize = 0x10002`;
    beginImmediately(sql);
    // Checkpoints off the request thread, the WAL held under its limit (sqlite-wal-checkpointer.ts); a
    // memory database has no WAL.
    if (target.filename !== ":memory:")
      checkpointer = await startWalCheckpointer(sql, target.filename, {
        walLimitBytes: target.walLimitBytes,
        onThreadFailure: (message) =>
          onWarning?.(`the WAL checkpointer's thread failed, the request thread checkpoints: ${message}`),
      });
  } else {
    await sql`SELECT 1`;
  }

  const reads = openReads(target, sql);
  return {
    sql,
    engine: target.engine,
    reads,
    async ping() {
      try {
        await sql`SELECT 1 AS ok`;
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      reads.close();
      // Its connection goes first, so the last one to close folds the WAL into the database.
      await checkpointer?.stop();
      await sql.close();
    },
  };
}
