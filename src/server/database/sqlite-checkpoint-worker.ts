/**
 * The thread of {@link startWalCheckpointer}: its own connection to the SQLite file, checkpointing
 * the WAL into the database every few hundred milliseconds, PASSIVE (never waiting for a reader or
 * the writer), so the request thread's commits never pay for a checkpoint and its fsync.
 */
import { Database } from "bun:sqlite";

declare const self: Worker;

export type CheckpointerMessage = { type: "start"; filename: string; intervalMs: number } | { type: "stop" };

export type CheckpointerReply = { type: "started" } | { type: "stopped" } | { type: "failed"; error: string };

let database: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

function checkpoint() {
  try {
    database?.query("PRAGMA wal_checkpoint(PASSIVE)").get();
  } catch (error) {
    // A failure now (a full disk) is tried again at the next tick, as SQLite's own would be.
    const reply: CheckpointerReply = { type: "failed", error: String(error) };
    self.postMessage(reply);
  }
}

self.onmessage = ({ data }: MessageEvent<CheckpointerMessage>) => {
  if (data.type === "start") {
    database = new Database(data.filename, { readwrite: true, create: false });
    database.exec("PRAGMA busy_timeout = 5000");
    timer = setInterval(checkpoint, data.intervalMs);
    const reply: CheckpointerReply = { type: "started" };
    self.postMessage(reply);
    return;
  }
  if (timer) clearInterval(timer);
  timer = null;
  database?.close();
  database = null;
  const reply: CheckpointerReply = { type: "stopped" };
  self.postMessage(reply);
};
