import type { Database } from "bun:sqlite";
import { thisWriterProcess, type WriterProcess, writerGone } from "./writer-process.ts";

/**
 * Whether this connection is the only one writing to its SQLite file. A server that keeps writes in
 * memory for a while (the ping log, domain/sessions/ping-log.ts) may do so only while nobody else
 * reads the file: another server process on the same file, or a second server in the same process,
 * would not see them.
 *
 * Every writer says it is there: a row of `database_writers` written at start and touched every
 * `beatMs`, deleted at a clean stop (a fresh row whose writer does not beat is one that was killed).
 * The row names its process (writer-process.ts): a fresh row whose process is gone is a killed
 * writer's at once, and is deleted; one whose process cannot be told is waited for.
 * SQLite's `PRAGMA data_version` changes when another connection
 * has committed (never for this one's own commits, nor for a checkpoint), so a writer that sees it
 * unchanged for `quietMs`, longer than two beats, is alone; one that saw another's row at start is
 * not, until that one has been quiet as long. Costs: a commit a second, and a pragma per question.
 */
export interface OtherWriters {
  /** No other connection has committed for `quietMs`, nor was there at start. */
  alone(): boolean;
  /** Another writer's row was fresh at start: what it keeps in memory is its own. */
  readonly othersAtStart: boolean;
  /** Stops the beats and deletes this writer's row (before the database closes). */
  stop(): void;
}

export interface OtherWritersOptions {
  beatMs?: number;
  quietMs?: number;
  /** Called after each beat (the ping log folds what it keeps once it is no longer alone). */
  onBeat?: () => void;
  now?: () => number;
}

/** The writers of this process that have not stopped: a row of this PID is alive only if listed here. */
const writersHere = new Set<string>();

/**
 * A writer's row, written at start and at each beat. An upsert: should another process have taken
 * the row for a gone writer's, the beat writes it back, and its commit tells that process it is not
 * alone.
 */
function writeRow(connection: Database, id: string, at: number, me: WriterProcess): void {
  connection
    .prepare(
      `INSERT INTO database_writers (id, seen_at_ms, process_scope, process_id) VALUES (?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET seen_at_ms = excluded.seen_at_ms`,
    )
    .run(id, at, me.scope, me.pid);
}

export async function watchOtherWriters(
  connection: Database,
  options: OtherWritersOptions = {},
): Promise<OtherWriters> {
  const { beatMs = 1000, quietMs = 3000, onBeat, now = () => Date.now() } = options;
  const id = crypto.randomUUID();
  // Prepared at each use: the connection's statement cache finalizes statements it did not make
  // (sqlite-statement-cache.ts), and SQLite's own cache makes preparing these again cheap.
  const versionNow = () =>
    Object.values(connection.prepare("PRAGMA data_version").get() as object)[0] as number;

  const me = thisWriterProcess();
  const freshRows = registerWriter(connection, { id, at: now(), me }, quietMs);
  writersHere.add(id);

  let lastVersion = versionNow();
  // A fresh row may be a writer killed a moment ago: one that is there beats within `quietMs`.
  let othersAtStart = false;
  if (freshRows) {
    const until = now() + quietMs;
    while (!othersAtStart && now() < until) {
      await Bun.sleep(Math.min(50, beatMs / 4));
      othersAtStart = versionNow() !== lastVersion;
    }
    lastVersion = versionNow();
  }
  let lastForeignAt = othersAtStart ? now() : Number.NEGATIVE_INFINITY;
  const alone = () => {
    const version = versionNow();
    if (version !== lastVersion) {
      lastVersion = version;
      lastForeignAt = now();
    }
    return now() - lastForeignAt >= quietMs;
  };
  const timer = setInterval(() => {
    try {
      // Inside a transaction Bun.SQL has open on the connection, the beat would join it: skip this one.
      if (!connection.inTransaction) writeRow(connection, id, now(), me);
      // Each beat looks, so a commit of another is noted within a beat of it, not when next asked.
      alone();
      onBeat?.();
    } catch {
      // A connection closed under the timer: the stop comes next.
    }
  }, beatMs);
  timer.unref?.();

  return {
    alone,
    othersAtStart,
    stop() {
      clearInterval(timer);
      writersHere.delete(id);
      try {
        // Rows of writers gone for a while go with it, so the table stays a few rows long.
        connection
          .prepare("DELETE FROM database_writers WHERE id = ? OR seen_at_ms < ?")
          .run(id, now() - 60 * quietMs);
      } catch {
        // Closed already: the row is seen as stale after `quietMs`.
      }
    },
  };
}

/**
 * Writes this writer's row, in one transaction with the look at the others: answers whether a fresh
 * row (seen within `quietMs` of `at`) may be a live writer's. Rows of processes known to be gone go.
 */
function registerWriter(
  connection: Database,
  { id, at, me }: { id: string; at: number; me: WriterProcess },
  quietMs: number,
): boolean {
  connection.prepare("BEGIN IMMEDIATE").run();
  try {
    const fresh = connection
      .prepare(
        "SELECT id, process_scope AS scope, process_id AS pid FROM database_writers WHERE seen_at_ms > ?",
      )
      .all(at - quietMs) as Array<{ id: string; scope: string | null; pid: number | null }>;
    const gone = fresh.filter((row) => writerGone(row, { here: me, liveHere: writersHere }));
    for (const row of gone) connection.prepare("DELETE FROM database_writers WHERE id = ?").run(row.id);
    writeRow(connection, id, at, me);
    connection.prepare("COMMIT").run();
    return fresh.length > gone.length;
  } catch (error) {
    if (connection.inTransaction) connection.prepare("ROLLBACK").run();
    throw error;
  }
}
