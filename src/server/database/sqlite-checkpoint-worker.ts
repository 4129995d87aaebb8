/**
 * The thread of {@link startWalCheckpointer}: its own connection to the SQLite file, checkpointing
 * the WAL into the database every few hundred milliseconds, PASSIVE (never waiting for a reader or
 * the writer), so the request thread's commits never pay for a checkpoint and its fsync.
 *
 * Past `leaveAboveBytes` it leaves the log to the writer's own checkpoint (sqlite-wal-checkpointer.ts):
 * one under way here holds the lock that one needs, and the writer's would skip.
 */
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";

declare const self: Worker;

export type CheckpointerMessage =
  | { type: "start"; filename: string; intervalMs: number; leaveAboveBytes: number }
  | { type: "stop" };

export type CheckpointerReply = { type: "started" } | { type: "stopped" } | { type: "failed"; error: string };

let database: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

const walSize = (filename: string) => statSync(`${filename}-wal`, { throwIfNoEntry: false })?.size ?? 0;

function checkpoint(filename: string, leaveAboveBytes: number) {
  try {
    if (walSize(filename) > leaveAboveBytes) return;
    database?.query("PRAGMA wal_checkpoint(PASSIVE)").get();
  } catch (error) {
    // A failure now (a full disk) is tried again at the next tick, as SQLite's own would be.
    const reply: CheckpointerReply = { type: "failed", error: String(error) };
    self.postMessage(reply);
  }
}

self.onmessage = ({ data }: MessageEvent<CheckpointerMessage>) => {
  if (data.type === "start") {
    const { filename, intervalMs, leaveAboveBytes } = data;
    database = new Database(filename, { readwrite: true, create: false });
    database.exec("PRAGMA busy_timeout = 5000");
    timer = setInterval(() => checkpoint(filename, leaveAboveBytes), intervalMs);
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
