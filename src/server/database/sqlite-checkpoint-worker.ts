/**
 * The thread of {@link startWalCheckpointer}: its own connection to the SQLite file, checkpointing
 * the WAL into the database every few hundred milliseconds, PASSIVE (never waiting for a reader or
 * the writer), so the request thread's commits rarely pay for a checkpoint and its fsync.
 *
 * Once the log holds `restartAbovePages` frames it asks the request thread for a moment of quiet
 * (sqlite-write-pause.ts): with the busiest writers paused, a RESTART checkpoint copies the last
 * frames and starts the log over, so the next commit writes from its first page again. Should the log still pass
 * `leaveAbovePages` (writes that do not pause kept it growing), it leaves the next ticks to the
 * writer's own checkpoint (sqlite-wal-checkpointer.ts), the bound of last resort: one under way here
 * holds the lock that one needs, and the writer's would skip. It goes by the frames in the log (what a
 * checkpoint reports), not by the file's size: `journal_size_limit` keeps the file at its size after
 * the log starts over, so the file's size says nothing about the log.
 */
import { Database } from "bun:sqlite";

declare const self: Worker;

export type CheckpointerMessage =
  | {
      type: "start";
      filename: string;
      intervalMs: number;
      restartAbovePages: number;
      leaveAbovePages: number;
    }
  /** The request thread has paused its busiest writes: copy the last frames now. */
  | { type: "quiet" }
  | { type: "stop" };

export type CheckpointerReply =
  | { type: "started" }
  | { type: "stopped" }
  | { type: "failed"; error: string }
  /** The log is long enough to start over: pause the writes and answer `quiet`. */
  | { type: "quiet-wanted" }
  /** The checkpoint in the quiet is done: writes may go on (`complete`: every frame was copied). */
  | { type: "quiet-over"; complete: boolean };

/** Ticks left to the writer after a checkpoint found the log past the mark: long enough for a commit. */
const ticksLeftToWriter = 2;
/** How long a request for quiet stands unanswered before the ticks go on without it. */
const quietWaitMs = 1000;
/** How long the checkpoint in the quiet waits for a reader of an older snapshot (then it tries later). */
const quietBusyMs = 10;

let database: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let skipTicks = 0;
let quietAskedAt: number | null = null;

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

function checkpoint(mode: "PASSIVE" | "RESTART" = "PASSIVE"): CheckpointResult | null {
  try {
    return database?.query<CheckpointResult, []>(`PRAGMA wal_checkpoint(${mode})`).get() ?? null;
  } catch (error) {
    // A failure now (a full disk) is tried again at the next tick, as SQLite's own would be.
    const reply: CheckpointerReply = { type: "failed", error: String(error) };
    self.postMessage(reply);
    return null;
  }
}

function tick(restartAbovePages: number, leaveAbovePages: number) {
  if (quietAskedAt !== null && Date.now() - quietAskedAt < quietWaitMs) return;
  quietAskedAt = null;
  if (skipTicks > 0) {
    skipTicks--;
    return;
  }
  const result = checkpoint();
  if (!result) return;
  if (result.log > leaveAbovePages) skipTicks = ticksLeftToWriter;
  else if (result.log >= restartAbovePages) {
    quietAskedAt = Date.now();
    const reply: CheckpointerReply = { type: "quiet-wanted" };
    self.postMessage(reply);
  }
}

self.onmessage = ({ data }: MessageEvent<CheckpointerMessage>) => {
  if (data.type === "start") {
    const { filename, intervalMs, restartAbovePages, leaveAbovePages } = data;
    database = new Database(filename, { readwrite: true, create: false });
    database.exec("PRAGMA busy_timeout = 5000");
    timer = setInterval(() => tick(restartAbovePages, leaveAbovePages), intervalMs);
    const reply: CheckpointerReply = { type: "started" };
    self.postMessage(reply);
    return;
  }
  if (data.type === "quiet") {
    // RESTART: the log starts over now, not at the next commit (which a reader's old snapshot may keep
    // from doing it). It waits for readers and holds off writers that do not pause: briefly.
    database?.exec(`PRAGMA busy_timeout = ${quietBusyMs}`);
    const result = checkpoint("RESTART");
    database?.exec("PRAGMA busy_timeout = 5000");
    quietAskedAt = null;
    const reply: CheckpointerReply = {
      type: "quiet-over",
      complete: result !== null && result.busy === 0 && result.checkpointed === result.log,
    };
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
