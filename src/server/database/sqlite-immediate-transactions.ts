import type { SQL } from "bun";

/**
 * Every transaction on the SQLite connection begins IMMEDIATE unless it names its own mode, taking the
 * write lock at `BEGIN`, where SQLite waits for it up to `busy_timeout`. A DEFERRED transaction (the
 * default) takes a read snapshot with its first SELECT and asks for the write lock only at its first
 * write; if another connection holds that lock then (the WAL checkpointer's RESTART for a few
 * milliseconds, sqlite-checkpoint-worker.ts, or a command-line process on the same file), SQLite
 * answers "database is locked" at once instead of waiting, since waiting with a snapshot could
 * deadlock, and the request failed with a 500. Bun.SQL keeps one SQLite connection and runs its
 * transactions one after another, so taking the lock at the start holds back no other transaction of
 * this process.
 */
export function beginImmediately(sql: SQL): void {
  const begin = sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>;
  const immediate = (modeOrWork: unknown, work?: unknown) =>
    typeof modeOrWork === "function" ? begin("IMMEDIATE", modeOrWork) : begin(modeOrWork, work);
  // `transaction` is Bun.SQL's other name for `begin`.
  Object.assign(sql, { begin: immediate, transaction: immediate });
}
