import { RedisClient, type SQL } from "bun";
import { parentOf, processTreeCpuSeconds } from "./process-cpu.ts";

/**
 * What a phase of load cost PostgreSQL and Redis: readings taken before and after, whose difference
 * divided by the requests answered in between is the cost per request.
 *
 * PostgreSQL's row counts (`pg_stat_database`) reach the shared statistics only when each backend
 * flushes them: at most once a second while busy, and up to 10 s after it went idle
 * (PGSTAT_IDLE_INTERVAL), so a reading after a phase must wait {@link statisticsSettleMs}. The WAL
 * position and the next transaction id move at once, and so do the heap records in the WAL between two
 * positions (pg_walinspect, in PostgreSQL's contrib since 15): an INSERT, UPDATE or DELETE of a row is
 * one record each, so they count the rows written without waiting, over the whole cluster.
 */

export const statisticsSettleMs = 11_000;

export interface PostgresReading {
  /** Rows inserted, updated and deleted in the database (pg_stat_database). */
  rowWrites: number;
  /** Transactions committed in the database, reads included. */
  commits: number;
  /** Transactions that wrote (each takes a transaction id). */
  writeTransactions: number;
  /** Bytes of WAL written and flushed, over the whole cluster. */
  walBytes: number;
  /** The WAL position flushed so far, where the next reading's heap records are counted from. */
  walPosition: string;
  /** CPU seconds of the postmaster and every process under it; null when PostgreSQL is not on this machine. */
  cpuSeconds: number | null;
}

export interface RedisReading {
  commands: number;
  cpuSeconds: number;
}

/** Heap records that write a row: one per row inserted, updated or deleted (`+INIT` starts a page). */
const rowRecord = /^Heap\/(INSERT|UPDATE|HOT_UPDATE|DELETE)(\+INIT)?$/;

/** Whether pg_walinspect can be used here (it needs a superuser to create it). */
async function walInspection(sql: SQL): Promise<boolean> {
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_walinspect`;
    return true;
  } catch {
    return false;
  }
}

/** Readings of the database `sql` is connected to (one connection is enough; it is kept for them). */
export async function postgresReader(sql: SQL) {
  const [{ pid }] = (await sql`SELECT pg_backend_pid() AS pid`) as [{ pid: number }];
  const postmaster = await parentOf(pid);
  const inspectable = await walInspection(sql);
  return {
    async read(): Promise<PostgresReading> {
      const [row] = (await sql`
        SELECT (tup_inserted + tup_updated + tup_deleted)::bigint::text AS row_writes,
               xact_commit::bigint::text AS commits,
               pg_snapshot_xmax(pg_current_snapshot())::text AS next_xid,
               pg_current_wal_flush_lsn()::text AS wal_position,
               pg_wal_lsn_diff(pg_current_wal_flush_lsn(), '0/0')::bigint::text AS wal_bytes
        FROM pg_stat_database WHERE datname = current_database()`) as [
        { row_writes: string; commits: string; next_xid: string; wal_position: string; wal_bytes: string },
      ];
      return {
        rowWrites: Number(row.row_writes),
        commits: Number(row.commits),
        writeTransactions: Number(row.next_xid),
        walBytes: Number(row.wal_bytes),
        walPosition: row.wal_position,
        cpuSeconds: postmaster === null ? null : await processTreeCpuSeconds(postmaster),
      };
    },
    /** Rows written between two readings, from the WAL's heap records; null without pg_walinspect. */
    async rowRecords(from: PostgresReading, to: PostgresReading): Promise<number | null> {
      if (!inspectable || from.walPosition === to.walPosition) return inspectable ? 0 : null;
      // A busy server shared with other work may have recycled the segments by now: then there is no
      // second count to check the first against, rather than a failed run.
      const rows = (await sql`
        SELECT "resource_manager/record_type" AS record_type, count::bigint::text AS count
        FROM pg_get_wal_stats(${from.walPosition}::pg_lsn, ${to.walPosition}::pg_lsn, true)`.catch(
        (error: unknown) => {
          if (/has already been removed/.test(String(error))) return null;
          throw error;
        },
      )) as Array<{ record_type: string; count: string }> | null;
      if (rows === null) return null;
      return rows.reduce((sum, row) => sum + (rowRecord.test(row.record_type) ? Number(row.count) : 0), 0);
    },
  };
}

/** A field of Redis's INFO text (`name:value` lines). */
const infoField = (info: string, name: string) =>
  Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? Number.NaN);

export async function redisReader(url: string) {
  const client = new RedisClient(url);
  await client.connect();
  return {
    async read(): Promise<RedisReading> {
      const info = String(await client.send("INFO", ["all"]));
      return {
        commands: infoField(info, "total_commands_processed"),
        cpuSeconds: infoField(info, "used_cpu_user") + infoField(info, "used_cpu_sys"),
      };
    },
    close: () => client.close(),
  };
}
