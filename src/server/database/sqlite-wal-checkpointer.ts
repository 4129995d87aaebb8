import type { SQL } from "bun";
import type { CheckpointerMessage, CheckpointerReply } from "./sqlite-checkpoint-worker.ts";

/**
 * SQLite checkpoints its WAL inside the commit that fills it past 1,000 pages, and Bun.SQL runs that
 * commit on the request thread: under a stream of 200 KB reports (some 30 KB of row each) that was a
 * checkpoint with its fsync every half second, with every request waiting behind it, which showed in
 * the reports' p99. Here the request thread's connection never checkpoints (`wal_autocheckpoint = 0`)
 * and a thread of its own does it every `intervalMs`. Should that thread fail, the connection goes
 * back to checkpointing itself, so the WAL never grows without bound.
 */
export interface WalCheckpointer {
  /** Ends the thread and closes its connection (before the last connection closes the database). */
  stop(): Promise<void>;
}

export const defaultCheckpointIntervalMs = 250;

const workerUrl = new URL("./sqlite-checkpoint-worker.ts", import.meta.url).href;

/** SQLite's own default, restored when the checkpointing thread is gone. */
const sqliteAutocheckpointPages = 1000;

/**
 * Starts the thread without waiting for it (the server's start does not pay for it): the connection
 * stops checkpointing itself once the thread is ready, and takes it back should the thread fail.
 */
export function startWalCheckpointer(
  sql: SQL,
  filename: string,
  intervalMs = defaultCheckpointIntervalMs,
): WalCheckpointer {
  // Bun's Worker has `unref`; the DOM typings in this project's lib do not know it.
  const worker = new Worker(workerUrl, { smol: true }) as Worker & { unref(): void };
  worker.unref();
  let stopping = false;
  let stopped: () => void = () => undefined;
  worker.addEventListener("message", ({ data }: MessageEvent<CheckpointerReply>) => {
    if (data.type === "started" && !stopping) sql`PRAGMA wal_autocheckpoint = 0`.catch(() => undefined);
    if (data.type === "stopped") stopped();
  });
  worker.addEventListener("error", () => {
    if (stopping) return stopped();
    // The request thread's connection takes the checkpoints back.
    sql.unsafe(`PRAGMA wal_autocheckpoint = ${sqliteAutocheckpointPages}`).catch(() => undefined);
  });
  const start: CheckpointerMessage = { type: "start", filename, intervalMs };
  worker.postMessage(start);
  return {
    async stop() {
      stopping = true;
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
