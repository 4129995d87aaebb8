/**
 * The thread of {@link startWalCheckpointer}: its own connection to the SQLite file, checkpointing
 * the WAL into the database every few hundred milliseconds, PASSIVE (never waiting for a reader or
 * the writer), so the request thread's commits rarely pay for a checkpoint and its fsync.
 *
 * Once the log holds more than `leaveAbovePages` frames it leaves the next ticks to the writer's own
 * checkpoint (sqlite-wal-checkpointer.ts), which is what starts the log over: one under way here holds
 * the lock that one needs, and the writer's would skip. It goes by the frames in the log (what a
 * checkpoint reports), not by the file's size: `journal_size_limit` keeps the file at its limit after
 * the log starts over, so a file this large said nothing about the log, and the thread stopped for
 * good the first time the file passed the mark, leaving every checkpoint to the request thread.
 */
import { Database } from "bun:sqlite";

declare const self: Worker;

export type CheckpointerMessage =
  | { type: "start"; filename: string; intervalMs: number; leaveAbovePages: number }
  | { type: "stop" };

export type CheckpointerReply = { type: "started" } | { type: "stopped" } | { type: "failed"; error: string };

/** Ticks left to the writer after a checkpoint found the log past the mark: long enough for a commit. */
const ticksLeftToWriter = 2;

let database: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let skipTicks = 0;

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

function checkpoint(leaveAbovePages: number) {
  if (skipTicks > 0) {
    skipTicks--;
    return;
  }
  try {
    const result = database?.query<CheckpointResult, []>("PRAGMA wal_checkpoint(PASSIVE)").get();
    if (result && result.log > leaveAbovePages) skipTicks = ticksLeftToWriter;
  } catch (error) {
    // A failure now (a full disk) is tried again at the next tick, as SQLite's own would be.
    const reply: CheckpointerReply = { type: "failed", error: String(error) };
    self.postMessage(reply);
  }
}

self.onmessage = ({ data }: MessageEvent<CheckpointerMessage>) => {
  if (data.type === "start") {
    const { filename, intervalMs, leaveAbovePages } = data;
    database = new Database(filename, { readwrite: true, create: false });
    database.exec("PRAGMA busy_timeout = 5000");
    timer = setInterval(() => checkpoint(leaveAbovePages), intervalMs);
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
