import type { SQL } from "bun";
import type { PingLog } from "./ping-log.ts";

/**
 * Each database handle's ping log once it is open (ping-log.ts), for the readers of what pings change
 * on a session: they take only the handle they read through. Nothing is kept for PostgreSQL, which
 * writes pings to their tables at once.
 */
const opened = new WeakMap<SQL, PingLog>();

export function keepPingLog(sql: SQL, log: PingLog): void {
  opened.set(sql, log);
}

/** The database's ping log once it is open (before, nothing is unfolded). */
export function pingLogOf(sql: SQL): PingLog | undefined {
  return opened.get(sql);
}

/**
 * Folds the sessions' unfolded pings: before reading what pings change on them in SQL, or writing
 * it (a session start's visit rule reads last-seen). Nothing to do on PostgreSQL, or when they have
 * none (the usual case: a fold waits a second or two).
 */
export async function foldPingsOf(sql: SQL, sessionIds: readonly string[]): Promise<void> {
  const log = opened.get(sql);
  if (log && sessionIds.some((id) => log.of(id).length > 0)) await log.fold(sessionIds);
}

/** Forgets what the ping log kept of these sessions' rows (of all without ids): after writing them. */
export function forgetSessionRows(sql: SQL, sessionIds?: readonly string[]): void {
  opened.get(sql)?.forgetSessions(sessionIds);
}
