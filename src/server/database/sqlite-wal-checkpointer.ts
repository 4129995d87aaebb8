import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import type { CheckpointerMessage, CheckpointerReply } from "./sqlite-checkpoint-worker.ts";
import { sqliteConnectionOf } from "./sqlite-statement-cache.ts";
import { pauseWrites } from "./sqlite-write-pause.ts";

/**
 * SQLite checkpoints its WAL inside the commit that fills it past 1,000 pages, and Bun.SQL runs that
 * commit on the request thread: under a stream of 200 KB reports (some 30 KB of row each) that was a
 * checkpoint with its fsync every half second, with every request waiting behind it, which showed in
 * the reports' p99. Here a thread of its own checkpoints every `intervalMs`, PASSIVE.
 *
 * Under a steady stream of commits the thread's PASSIVE checkpoints copy frames while the writer
 * appends more, so the log is never wholly copied at a moment the writer could start it over (pings
 * grew it by ~4 KB each, 750 MB in 24 s). So once the log holds an eighth of `walLimitBytes` the
 * thread asks for quiet: the busiest writes (the ping log's groups and folds) pause
 * (sqlite-write-pause.ts) while it copies the last frames, at most `maxQuietMs`, and the next commit
 * starts the log over; the event loop answers everything else meanwhile. Writes that do not pause can
 * still keep the log growing: past a quarter of the limit the request thread's connection checkpoints
 * itself, between two of its transactions (so nothing is appended meanwhile), and
 * `journal_size_limit` cuts the file back to the limit. Should the thread fail, the connection goes
 * back to SQLite's default of checkpointing every 1,000 pages.
 */
export interface WalCheckpointer {
  /** Ends the thread and closes its connection (before the last connection closes the database). */
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  /** How often the thread checkpoints. */
  intervalMs?: number;
  /** The size the WAL is held under. */
  walLimitBytes?: number;
  /**
   * Told when the thread fails (its file missing from a build, an error in it): the request thread's
   * connection then checkpoints as SQLite does by default, which works but holds requests, so the
   * operator should hear of it.
   */
  onThreadFailure?: (message: string) => void;
}

export const defaultCheckpointIntervalMs = 100;
/** The size the WAL is held under unless SQLITE_WAL_LIMIT_MB says otherwise. */
export const defaultWalLimitBytes = 64 * 1024 * 1024;

const workerUrl = new URL("./sqlite-checkpoint-worker.ts", import.meta.url).href;

/** SQLite's own default, restored when the checkpointing thread is gone. */
const sqliteAutocheckpointPages = 1000;
/** The longest the paused writes wait for the thread's checkpoint, whatever becomes of it. */
const maxQuietMs = 100;

/**
 * Answers the thread's request for quiet: pauses the writes that ask, waits for a transaction Bun.SQL
 * holds open to end, tells the thread, and lets the writes go on when it is done (or after `maxQuietMs`).
 */
function quietFor(worker: Worker, connection: Database): () => void {
  const resume = pauseWrites(connection);
  const limit = setTimeout(resume, maxQuietMs);
  void (async () => {
    while (connection.inTransaction) await Bun.sleep(1);
    const quiet: CheckpointerMessage = { type: "quiet" };
    worker.postMessage(quiet);
  })();
  return () => {
    clearTimeout(limit);
    resume();
  };
}

/**
 * Sets the connection's bounds, then starts the thread without waiting for it (the server's start does
 * not pay for it): the connection checkpoints itself less often once the thread is ready, and as often
 * as SQLite's default should the thread fail.
 */
export async function startWalCheckpointer(
  sql: SQL,
  filename: string,
  {
    intervalMs = defaultCheckpointIntervalMs,
    walLimitBytes = defaultWalLimitBytes,
    onThreadFailure,
  }: WalCheckpointerOptions = {},
): Promise<WalCheckpointer> {
  const [page] = await sql`PRAGMA page_size`;
  const pageSize = Number(Object.values(page as object)[0]);
  // Past a quarter of the limit: the file grows by a few megabytes between a look and the checkpoint
  // under load, and a checkpoint may find the thread's own under way (it then skips, and the next
  // commit tries again; once the log holds more than this, the thread leaves the next ticks to it).
  const writerCheckpointPages = Math.max(sqliteAutocheckpointPages, Math.floor(walLimitBytes / 4 / pageSize));
  const restartAbovePages = Math.floor(writerCheckpointPages / 8);
  await sql.unsafe(`PRAGMA journal_size_limit = ${Math.floor(walLimitBytes)}`);
  const connection = await sqliteConnectionOf(sql);

  // Bun's Worker has `unref`; the DOM typings in this project's lib do not know it.
  const worker = new Worker(workerUrl, { smol: true }) as Worker & { unref(): void };
  worker.unref();
  let stopping = false;
  let stopped: () => void = () => undefined;
  let endQuiet: (() => void) | null = null;
  worker.addEventListener("message", ({ data }: MessageEvent<CheckpointerReply>) => {
    if (data.type === "started" && !stopping)
      sql.unsafe(`PRAGMA wal_autocheckpoint = ${writerCheckpointPages}`).catch(() => undefined);
    if (data.type === "quiet-wanted" && !stopping) endQuiet = quietFor(worker, connection);
    if (data.type === "quiet-over") {
      endQuiet?.();
      endQuiet = null;
    }
    if (data.type === "stopped") stopped();
  });
  let failed = false;
  worker.addEventListener("error", (event) => {
    if (stopping) return stopped();
    failed = true;
    onThreadFailure?.(event.message);
    // The request thread's connection takes the checkpoints back.
    sql.unsafe(`PRAGMA wal_autocheckpoint = ${sqliteAutocheckpointPages}`).catch(() => undefined);
  });
  const start: CheckpointerMessage = {
    type: "start",
    filename,
    intervalMs,
    restartAbovePages,
    leaveAbovePages: writerCheckpointPages,
  };
  worker.postMessage(start);
  return {
    async stop() {
      stopping = true;
      endQuiet?.();
      // A thread that failed answers nothing.
      if (failed) return worker.terminate();
      const done = new Promise<void>((resolve) => {
        stopped = resolve;
      });
      const stop: CheckpointerMessage = { type: "stop" };
      worker.postMessage(stop);
      await Promise.race([done, Bun.sleep(2000)]);
      worker.terminate();
    },
  };
}
