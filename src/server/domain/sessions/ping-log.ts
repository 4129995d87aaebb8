import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { RecentReads } from "../../database/recent-reads.ts";
import {
  type OtherWriters,
  type OtherWritersOptions,
  watchOtherWriters,
} from "../../database/sqlite-other-writers.ts";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { writesPaused, writeTurn } from "../../database/sqlite-write-pause.ts";
import {
  foldedColumns,
  type LoggedPing,
  loggedEventsOf,
  type PingedColumns,
  pingFromLog,
  type UnfoldedSession,
} from "./logged-pings.ts";
import {
  openPingLogFile,
  type PingLogFile,
  pingLogFilesLeft,
  pingLogFolder,
  readPingLogFiles,
  writePingLogFile,
} from "./ping-log-file.ts";
import { keepPingLog } from "./ping-log-registry.ts";
import { allWhereIn, insertRows } from "./ping-log-statements.ts";
import { type SessionRow, type StoredSession, sessionFromRow } from "./sessions-repository.ts";
import { type Unfolded, UnfoldedPings } from "./unfolded-pings.ts";

/**
 * The ping log of an SQLite database: a ping is acknowledged once its group appended it to the log's
 * files beside the database (ping-log-file.ts), and folded later, with the session's other pings of
 * the while, into its session and an event batch (`widget_event_batches`, migration 045: one row for
 * the session's events of the fold). On a busy site most groups touch as many sessions as they hold
 * pings, and writing a session row, its index entries and its session's corner of the events index
 * dirtied a page each, all written to the WAL at every commit: an append is one write to a file, and
 * a fold writes each session once for all its pings since the last one. (Migration 044's table
 * `widget_ping_log` held the log before; what an earlier version left there is moved to the files at
 * open.)
 *
 * Until it is folded a ping lives in the log and here, in memory, by session: SQLite has one writing
 * process, so this process knows every ping not folded yet. Readers of what pings change on a session
 * (last-seen, visit start, page views, last page, duration, events) see it whole either way: a session
 * read by id is read through the unfolded pings (`sessionWithPings`, see sessions-repository.ts), and
 * code that reads those columns in SQL folds the sessions it reads first (`foldPingsOf`). A group
 * answers its pings from the session rows it keeps for a few seconds (`storedSessions`), which each
 * fold reads again whole and keeps, and the repository's writes of a session drop (`forgetSessionRows`).
 *
 * Folds run on Bun.SQL's own connection, synchronously, each one transaction that is committed and
 * taken out of memory in one turn of the event loop, so a reader never sees a ping twice or not at
 * all; never inside a transaction Bun.SQL has open (they wait for it to end). A session's pings are
 * folded once the oldest has waited `foldAfterMs`, sessions in id order (a sweep), at most
 * `sessionsPerFold` sessions and `pingsPerFold` pings per transaction (the bound on how long one holds
 * the event loop), all of them before the database closes (`drain`). The log is cut below its oldest
 * unfolded ping once the fold committed, a file at a time. The next process to open the database
 * folds what a previous one left (`openPingLog`), and so does a writer that was beside it once it is
 * alone again (`takeLeftovers`); a ping whose events are stored was folded.
 */

export interface PingLogOptions {
  /** How long a session's first unfolded ping waits for others to fold with. */
  foldAfterMs?: number;
  sessionsPerFold?: number;
  pingsPerFold?: number;
  /** Past this many unfolded pings, folds no longer wait. */
  maxUnfolded?: number;
  /** How the log tells whether it is the file's only writer (tests shorten the beats). */
  writers?: Pick<OtherWritersOptions, "beatMs" | "quietMs">;
  /** Told of a fold that failed (its pings stay, and are tried again later). */
  onError?: (error: unknown) => void;
  /** Told after each fold's commit how long it took and how many pings it folded. */
  onFold?: (seconds: number, pings: number) => void;
  now?: () => number;
}

export interface PingLog {
  /** Bun.SQL's own connection, which the log's writes and folds run on synchronously. */
  connection: Database;
  /**
   * Whether pings may be kept unfolded: no other connection writes to the file. Otherwise they go to
   * their tables at once, as on PostgreSQL, after this log folded what it kept.
   */
  alone(): boolean;
  /**
   * What `alone()` answered last, without asking the file again (each group asks just before it is
   * written, and each beat asks), and the spell that answer belongs to: the spell changes whenever the
   * answer does, so a reader that keeps rows while alone knows whether another writer came in between.
   */
  lastAlone(): { alone: boolean; spell: number };
  nextSeq(): number;
  /** Appends `pings` to the log: once this returns they survive the process. */
  append(pings: readonly LoggedPing[]): void;
  /** Takes the pings of a committed group in, to be read through and folded. */
  committed(pings: readonly LoggedPing[]): void;
  /** The session's unfolded pings, oldest first. */
  of(sessionId: string): readonly LoggedPing[];
  /** The same with what they made of the session's row last time it was read (`sessionWithPings`). */
  unfoldedOf(sessionId: string): UnfoldedSession | undefined;
  /**
   * The sessions of these ids that are there and not merged into another, as stored (without their
   * unfolded pings): kept from the last read for a few seconds, the others read in one statement.
   */
  storedSessions(ids: readonly string[]): Map<string, StoredSession>;
  /** Forgets the kept rows of sessions just written (a session start, an identify, a merge); all without ids. */
  forgetSessions(ids?: readonly string[]): void;
  unfolded(): number;
  /** How many folds have committed: a read that saw this change may have read a row a fold moved on. */
  folds(): number;
  /** Folds the unfolded pings of these sessions (of every session when left out) now. */
  fold(sessionIds?: readonly string[]): Promise<void>;
  /** Folds everything and stops folding on its own: before the database closes. */
  drain(): Promise<void>;
}

/**
 * How long a session's first unfolded ping waits. A fold writes each of its sessions once (its row, one
 * event batch), whatever number of pings it takes: the reference SDK pings every 2.5–3.5 s, so at 2 s a
 * fold took one or two pings per session, and folds were a sixth of a ping's time at 50,000 visitors.
 */
export const defaultFoldAfterMs = 5000;
/** Sessions of a sweep put in id order together (see `nextFold`). */
const sweepWindow = 1024;
/** The longest pause between two folds of one sweep. */
const maxSweepGapMs = 50;
/**
 * How long a session's row read by a group (or a fold) is used again without reading it: the bound on
 * a change that reached the row without `forgetSessions` (this process's writes of it all say so; a
 * hand edit is seen within this). Longer than a session's turn between folds (`defaultFoldAfterMs`
 * and the sweep), so a session that keeps pinging is read by its folds alone.
 */
export const sessionRowsKeptMs = 15_000;
const sessionRowsKept = 100_000;

interface FoldTarget extends PingedColumns {
  id: string;
  mergedInto: string | null;
  /** The whole row as the fold's transaction read it. */
  row: SessionRow;
}

/** What a fold wrote of a session it moved on: the row as it read it, and its folded columns. */
interface FoldedSession {
  row: SessionRow;
  columns: PingedColumns;
}

const batchColumns = ["through_seq", "session_id", "events"] as const;
const sessionRows = "SELECT * FROM widget_sessions";

function foldTargetOf(row: SessionRow & { sdk_version: string | null }): FoldTarget {
  return {
    id: row.id,
    mergedInto: row.merged_into,
    lastSeenAt: row.last_seen_at,
    visitStartedAt: row.visit_started_at ?? null,
    pageViews: Number(row.page_views),
    lastPage: row.last_page,
    sdkVersion: row.sdk_version,
    durationSeconds: Number(row.duration_seconds),
    row,
  };
}

const logs = new WeakMap<SQL, Promise<PingLog | null>>();

/**
 * The database's ping log, made on first use: on SQLite when Bun.SQL's connection is reachable (null
 * otherwise: pings are then written to their tables at once). A previous process's unfolded pings
 * are read back and folded before it answers.
 */
export function openPingLog(sql: SQL, options: PingLogOptions = {}): Promise<PingLog | null> {
  let log = logs.get(sql);
  if (!log) {
    log =
      sql.options.adapter === "sqlite"
        ? sqliteConnectionOf(sql).then(
            async (connection) => {
              const made = await createPingLog(connection, options);
              keepPingLog(sql, made);
              await made.fold();
              return made;
            },
            () => null,
          )
        : Promise.resolve(null);
    logs.set(sql, log);
  }
  return log;
}

/**
 * The log on this connection. Another writer already on the file keeps its own unfolded pings: this
 * one waits (at most `leftoverWaitMs`) for it to fold them, which it does once it sees this one, and
 * takes none of the log's pings. Alone, they are a previous process's, and are taken to fold.
 */
export async function createPingLog(connection: Database, options: PingLogOptions = {}): Promise<PingLog> {
  let log: SqlitePingLog | null = null;
  const writers = await watchOtherWriters(connection, {
    ...options.writers,
    onBeat: () => log?.checkAlone(),
  });
  if (writers.othersAtStart) {
    const waitUntil = Date.now() + leftoverWaitMs;
    const folder = pingLogFolder(connection.filename);
    while (pingLogFilesLeft(folder) && Date.now() < waitUntil) await Bun.sleep(20);
  }
  log = new SqlitePingLog(connection, options, writers);
  return log;
}

const withoutWriters = ({ writers: _, ...rest }: PingLogOptions) => rest;

/** How long a server starting beside another waits for that one to fold its pings. */
const leftoverWaitMs = 3000;
/** Folds a drain tries before it leaves what failed to the files. */
const drainTries = 3;
const drainRetryMs = 100;

/** A session's row with the columns a fold moved on. */
function withFoldedColumns(session: StoredSession, row: PingedColumns): StoredSession {
  const { lastSeenAt, visitStartedAt, pageViews, lastPage, durationSeconds } = row;
  return { ...session, lastSeenAt, visitStartedAt, pageViews, lastPage, durationSeconds };
}

class SqlitePingLog implements PingLog {
  private readonly unfoldedPings = new UnfoldedPings();
  private readonly settings: Required<Omit<PingLogOptions, "writers">>;
  private foldCount = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seq: number;
  private sweep: string[] = [];
  /** Where the sweep's window in id order ends. */
  private sortedUntil = 0;
  private swept = 0;
  /** The pause between two folds of the sweep under way (see `sweepPace`). */
  private sweepGapMs = 0;
  /**
   * Session rows as the last group read them (or a fold moved them on): a busy session pings many
   * times a second, and reading its row for each group was a tenth of a ping's time.
   */
  private readonly keptSessions: RecentReads<StoredSession>;
  private readonly file: PingLogFile;
  /** The log's folder beside the database file (null in memory). */
  private readonly folder: string | null;
  private wasAlone: boolean;
  private spell = 0;

  constructor(
    readonly connection: Database,
    options: PingLogOptions,
    private readonly writers: OtherWriters,
  ) {
    this.settings = {
      foldAfterMs: defaultFoldAfterMs,
      sessionsPerFold: 16,
      pingsPerFold: 160,
      // About 290 bytes each in memory (60 MB at the bound); 50,000 visitors held up to 112,000.
      maxUnfolded: 200_000,
      onError: () => {},
      onFold: () => {},
      now: () => performance.now(),
      ...withoutWriters(options),
    };
    this.keptSessions = new RecentReads({
      keptMs: sessionRowsKeptMs,
      maxKeys: sessionRowsKept,
      now: this.settings.now,
    });
    // Beside another writer at start, the first answer of alone() is a change, and takes its leftovers.
    this.wasAlone = !writers.othersAtStart;
    const folder = pingLogFolder(connection.filename);
    this.folder = folder;
    const files = readPingLogFiles(folder);
    this.seq = lastSeq(connection, files);
    const fileOptions = { onError: this.settings.onError };
    if (writers.othersAtStart) {
      this.file = openPingLogFile(folder, [], fileOptions);
      return;
    }
    const leftover = leftoverPings(connection, folder, files);
    this.file = openPingLogFile(folder, leftover.files, fileOptions);
    this.unfoldedPings.take(leftover.unfolded, Number.NEGATIVE_INFINITY);
  }

  lastAlone(): { alone: boolean; spell: number } {
    return { alone: this.wasAlone, spell: this.spell };
  }

  alone(): boolean {
    const alone = this.writers.alone();
    // Rows kept while another wrote may be older than what it wrote.
    if (alone !== this.wasAlone) {
      this.spell++;
      this.keptSessions.clear();
    }
    if (alone && !this.wasAlone) this.takeLeftovers();
    this.wasAlone = alone;
    return alone;
  }

  /**
   * Alone again: the other writer is gone. It may have logged and folded pings meanwhile, so seqs go on
   * past its; and pings it logged but could not fold (it was killed, or the file was locked at its
   * stop) are in files only it held: this log takes them in and folds them, rather than leave them
   * unread until the next start.
   */
  private takeLeftovers(): void {
    const files = readPingLogFiles(this.folder);
    this.seq = Math.max(this.seq, lastSeq(this.connection, files));
    const left = files.filter((file) => !this.file.holds(file.path));
    if (left.length === 0) return;
    this.file.adopt(left);
    const unfolded = unfoldedIn(this.connection, left);
    if (unfolded.length === 0) return;
    this.unfoldedPings.take(unfolded, Number.NEGATIVE_INFINITY);
    this.schedule();
  }

  /** At each beat: once another writer is there, what is kept is folded at once for it to read. */
  checkAlone(): void {
    if (!this.alone() && this.unfoldedPings.count > 0) void this.fold();
  }

  nextSeq(): number {
    return ++this.seq;
  }

  append(pings: readonly LoggedPing[]): void {
    this.file.append(pings);
  }

  committed(pings: readonly LoggedPing[]): void {
    this.unfoldedPings.take(pings, this.settings.now());
    this.schedule();
  }

  of(sessionId: string): readonly LoggedPing[] {
    return this.unfoldedPings.sessions.get(sessionId)?.pings ?? [];
  }

  unfoldedOf(sessionId: string): UnfoldedSession | undefined {
    return this.unfoldedPings.sessions.get(sessionId);
  }

  unfolded(): number {
    return this.unfoldedPings.count;
  }

  storedSessions(ids: readonly string[]): Map<string, StoredSession> {
    const { kept, missing } = this.keptSessions.split(ids);
    const read = allWhereIn<SessionRow>(
      this.connection,
      { head: "SELECT * FROM widget_sessions", column: "id", tail: "AND merged_into IS NULL" },
      missing,
    );
    for (const row of read) {
      const session = sessionFromRow(row);
      this.keptSessions.keep(session.id, session);
      kept.set(session.id, session);
    }
    return kept;
  }

  forgetSessions(ids?: readonly string[]): void {
    if (ids) this.keptSessions.forget(ids);
    else this.keptSessions.clear();
  }

  folds(): number {
    return this.foldCount;
  }

  fold(sessionIds?: readonly string[]): Promise<void> {
    return this.foldWhenFree(sessionIds ?? [...this.unfoldedPings.sessions.keys()]);
  }

  async drain(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    // A fold that failed is tried again a few times: what is still unfolded after that stays in the
    // files, for the next writer on the file to fold.
    for (let tries = 0; tries < drainTries; tries++) {
      if (tries > 0) await Bun.sleep(drainRetryMs);
      await this.fold();
      if (this.unfoldedPings.count === 0) break;
    }
    this.file.close();
    this.writers.stop();
  }

  /** Folds these sessions' pings (once: one that fails stays for a later fold) when the connection is free. */
  private async foldWhenFree(ids: readonly string[]): Promise<void> {
    await writeTurn(this.connection);
    const order = [...new Set(ids)].filter((id) => this.unfoldedPings.sessions.has(id)).sort();
    for (let start = 0; start < order.length; start += this.settings.sessionsPerFold)
      this.foldNow(order.slice(start, start + this.settings.sessionsPerFold));
    // Nothing unfolded (a previous process's files may hold only folded pings): the log is cut whole.
    if (this.unfoldedPings.count === 0) this.file.cutBelow(this.seq + 1);
  }

  /** Folds these sessions in one transaction; on failure each alone, and one that fails alone waits. */
  private foldNow(ids: readonly string[]): void {
    const pings = ids.flatMap((id) => this.unfoldedPings.sessions.get(id)?.pings ?? []);
    if (pings.length === 0) return;
    const below = this.unfoldedPings.lowestSeqBut(new Set(ids), this.seq + 1);
    const started = performance.now();
    try {
      const folded = writeFold(this.connection, pings);
      this.settings.onFold((performance.now() - started) / 1000, pings.length);
      // The fold read each row whole in its transaction: that read is as fresh as the group's own, so
      // it is kept from now (a session pinging every few seconds is then never read by a group).
      for (const [id, { row, columns }] of folded)
        this.keptSessions.keep(id, withFoldedColumns(sessionFromRow(row), columns));
      // A session merged meanwhile is read again, and found merged.
      this.keptSessions.forget(
        [...new Set(pings.map((ping) => ping.sessionId))].filter((id) => !folded.has(id)),
      );
    } catch (error) {
      if (ids.length > 1) for (const id of ids) this.foldNow([id]);
      else this.failed(ids[0] as string, error);
      return;
    }
    for (const id of ids) this.unfoldedPings.remove(id);
    this.foldCount++;
    // Files already cut are gone: a lower `below` than before cuts nothing.
    this.file.cutBelow(below);
  }

  /**
   * A session that failed to fold waits `foldAfterMs` to be tried again. One that failed three times
   * while other sessions folded has pings the tables refuse (the database itself takes writes): they
   * are dropped, and said so, rather than keep the log from being cut below them for ever.
   */
  private failed(id: string, error: unknown): void {
    this.settings.onError(error);
    const entry = this.unfoldedPings.sessions.get(id);
    if (!entry) return;
    const failures = (entry.failures ?? 0) + 1;
    const failedAtFold = entry.failedAtFold ?? this.foldCount;
    const pings = this.unfoldedPings.remove(id);
    if (failures >= 3 && this.foldCount > failedAtFold) {
      this.settings.onError(
        new Error(`dropped ${pings} pings of session ${id}: they failed to fold three times`),
      );
      return;
    }
    this.unfoldedPings.take(entry.pings, this.settings.now());
    Object.assign(this.unfoldedPings.sessions.get(id) as Unfolded, {
      failures,
      failedAtFold,
      read: entry.read,
    });
  }

  /**
   * The next slice of the sweep (a new sweep once it is done), within the bounds. Folds take a sweep's
   * sessions in id order, a window at a time: session ids are UUIDv7, so neighbours in id order have
   * neighbouring rows and corners of the events index, and a window writes each page once where a
   * random order wrote it for every slice. Sorted a window at a time, not whole: a site's whole sweep
   * (30,000 sessions) took 5 ms to sort, a pause of every request of that turn.
   */
  private nextFold(): string[] {
    const { sessionsPerFold, pingsPerFold } = this.settings;
    if (this.swept >= this.sweep.length) {
      this.sweep = this.unfoldedPings.sweepDue(this.eager() ? Number.POSITIVE_INFINITY : this.dueBy());
      this.swept = 0;
      this.sortedUntil = 0;
      this.sweepGapMs = this.sweepPace();
    }
    if (this.swept >= this.sortedUntil) {
      const window = this.sweep.slice(this.swept, this.swept + sweepWindow).sort();
      this.sweep.splice(this.swept, window.length, ...window);
      this.sortedUntil = this.swept + window.length;
    }
    const ids: string[] = [];
    let pings = 0;
    while (this.swept < this.sweep.length && ids.length < sessionsPerFold && pings < pingsPerFold) {
      const entry = this.unfoldedPings.sessions.get(this.sweep[this.swept] as string);
      if (entry) {
        ids.push(this.sweep[this.swept] as string);
        pings += entry.pings.length;
      }
      this.swept++;
    }
    return ids;
  }

  /**
   * Sessions that started together stay due together, so a sweep may find every session of the site
   * at once: its folds are spread over half of `foldAfterMs` instead of run back to back, so that the
   * WAL grows at an even pace the checkpoints keep up with, and no run of folds holds the event loop
   * (at most `maxSweepGapMs` apart; none when the unfolded pings are past their bound).
   */
  private sweepPace(): number {
    if (this.eager()) return 0;
    const { sessionsPerFold, pingsPerFold, foldAfterMs } = this.settings;
    let pings = 0;
    for (const id of this.sweep) pings += this.unfoldedPings.sessions.get(id)?.pings.length ?? 0;
    const folds = Math.max(Math.ceil(this.sweep.length / sessionsPerFold), Math.ceil(pings / pingsPerFold));
    return folds > 1 ? Math.min(maxSweepGapMs, foldAfterMs / 2 / folds) : 0;
  }

  private eager(): boolean {
    return this.unfoldedPings.count > this.settings.maxUnfolded;
  }

  private dueBy(): number {
    return this.settings.now() - this.settings.foldAfterMs;
  }

  /** Runs `tick` in `ms`; the timer never keeps the process alive (drain folds before it ends). */
  private later(ms: number): void {
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref?.();
  }

  private schedule(): void {
    const first = this.unfoldedPings.first();
    if (this.timer !== null || first === undefined) return;
    this.later(this.eager() ? 0 : Math.max(0, first.since - this.dueBy()));
  }

  /**
   * One fold per turn of the event loop, so requests are answered in between. A connection that fails
   * to answer (closed under the log) stops the folding until the next ping comes.
   */
  private tick(): void {
    this.timer = null;
    let busy: boolean;
    try {
      busy = this.connection.inTransaction;
    } catch (error) {
      this.settings.onError(error);
      return;
    }
    // Inside Bun.SQL's transaction, or while the WAL starts over (sqlite-write-pause.ts): a little later.
    if (busy || writesPaused(this.connection)) {
      this.later(1);
      return;
    }
    const ids = this.nextFold();
    if (ids.length === 0) {
      this.schedule();
      return;
    }
    this.foldNow(ids);
    this.later(this.eager() ? 0 : this.sweepGapMs);
  }
}

/**
 * The last seq given out: seqs keep growing past the ones that keyed event batches (the log itself may
 * be empty), so that a batch's seq names one ping for good, which is what a restart reads folded
 * pings by.
 */
function lastSeq(connection: Database, files: ReturnType<typeof readPingLogFiles>): number {
  const last = connection
    .prepare(`SELECT max(coalesce((SELECT max(seq) FROM widget_ping_log), 0),
      coalesce((SELECT max(through_seq) FROM widget_event_batches), 0)) AS seq`)
    .get() as { seq: number };
  return files.reduce((seq, file) => Math.max(seq, file.lastSeq), last.seq);
}

/**
 * A previous process's pings that are not folded yet, oldest first, and the log's files they were read
 * from. Pings an earlier version left in the log table are moved to a file first (written and synced
 * before the rows go).
 */
function leftoverPings(
  connection: Database,
  folder: string | null,
  files: ReturnType<typeof readPingLogFiles>,
): { unfolded: LoggedPing[]; files: ReturnType<typeof readPingLogFiles> } {
  const fromTable = tablePings(connection);
  const moved = folder !== null ? writePingLogFile(folder, fromTable) : null;
  if (moved) connection.prepare("DELETE FROM widget_ping_log").run();
  // A move cut short before the rows went left the same file, which this one replaced.
  const kept = moved
    ? [...files.filter((file) => file.path !== moved.path), { ...moved, logged: fromTable }]
    : files;
  return { unfolded: unfoldedIn(connection, kept, moved ? [] : fromTable), files: kept };
}

/**
 * The pings of `files` (and `more`) that no fold stored, oldest first. The log is cut below the oldest
 * unfolded ping only, so it may hold pings folded since. A ping whose seq keys an event batch is one of
 * them (a fold writes the batch with the session's change, in one transaction), and so is every earlier
 * ping of its session (a fold takes all of a session's pings, and writes a batch for them even when
 * they carry no event).
 */
function unfoldedIn(
  connection: Database,
  files: ReadonlyArray<{ logged: LoggedPing[] }>,
  more: readonly LoggedPing[] = [],
): LoggedPing[] {
  const bySeq = new Map<number, LoggedPing>();
  for (const ping of [...files.flatMap((file) => file.logged), ...more])
    if (!bySeq.has(ping.seq)) bySeq.set(ping.seq, ping);
  const pings = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const batched = new Set<number>();
  for (let start = 0; start < pings.length; start += 256) {
    const seqs = pings.slice(start, start + 256).map((ping) => ping.seq);
    for (const row of allWhereIn<{ seq: number }>(
      connection,
      { head: "SELECT through_seq AS seq FROM widget_event_batches", column: "through_seq" },
      seqs,
    ))
      batched.add(row.seq);
  }
  const foldedThrough = new Map<string, number>();
  for (const ping of pings) if (batched.has(ping.seq)) foldedThrough.set(ping.sessionId, ping.seq);
  return pings.filter((ping) => ping.seq > (foldedThrough.get(ping.sessionId) ?? 0));
}

/** The pings an earlier version left in the log table (migration 044). */
function tablePings(connection: Database): LoggedPing[] {
  const rows = connection
    .prepare(
      `SELECT seq, session_id AS sessionId, seen_at AS seenAt, duration_seconds AS durationSeconds,
        sdk_version AS sdkVersion, events FROM widget_ping_log ORDER BY seq`,
    )
    .all() as Array<{
    seq: number;
    sessionId: string;
    seenAt: string;
    durationSeconds: number;
    sdkVersion: string | null;
    events: string;
  }>;
  return rows.map((row) => pingFromLog({ ...row, events: loggedEventsOf(parsedOrNull(row.events)) }));
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One fold: the sessions' rows moved on by their pings (a session merged meanwhile takes them into the
 * session it joined; a deleted one drops them), their events stored as batches.
 */
function writeFold(connection: Database, pings: readonly LoggedPing[]): Map<string, FoldedSession> {
  // IMMEDIATE: the write lock is waited for at BEGIN, up to busy_timeout. A deferred transaction that
  // read first was refused at once when another process held the lock (sqlite-immediate-transactions.ts),
  // and a drain beside a server starting on the file left its pings unfolded.
  connection.prepare("BEGIN IMMEDIATE").run();
  try {
    const ids = [...new Set(pings.map((ping) => ping.sessionId))];
    const rows = readFoldTargets(connection, ids);
    const found = new Map(rows.map((row) => [row.id, row]));
    const joined = rows.flatMap((row) =>
      row.mergedInto !== null && !found.has(row.mergedInto) ? [row.mergedInto] : [],
    );
    for (const row of readFoldTargets(connection, joined)) found.set(row.id, row);
    const byTarget = new Map<string, LoggedPing[]>();
    for (const ping of pings) {
      const row = found.get(ping.sessionId);
      const target = row?.mergedInto ? found.get(row.mergedInto) : row;
      if (!target || target.mergedInto !== null) continue;
      const list = byTarget.get(target.id);
      if (list) list.push(ping);
      else byTarget.set(target.id, [ping]);
    }
    const folded = writeTargets(connection, found, byTarget);
    connection.prepare("COMMIT").run();
    return folded;
  } catch (error) {
    if (connection.inTransaction) connection.prepare("ROLLBACK").run();
    throw error;
  }
}

function readFoldTargets(connection: Database, ids: readonly string[]): FoldTarget[] {
  return allWhereIn<SessionRow & { sdk_version: string | null }>(
    connection,
    { head: sessionRows, column: "id" },
    ids,
  ).map(foldTargetOf);
}

/** Each session's folded row and event batches; answers the rows as they now are. */
function writeTargets(
  connection: Database,
  found: ReadonlyMap<string, FoldTarget>,
  byTarget: ReadonlyMap<string, LoggedPing[]>,
): Map<string, FoldedSession> {
  const folded = new Map<string, FoldedSession>();
  const update = connection.prepare(`UPDATE widget_sessions SET last_seen_at = ?, visit_started_at = ?,
    page_views = ?, last_page = ?, sdk_version = ?, duration_seconds = ? WHERE id = ?`);
  const batches: Array<Array<string | number>> = [];
  for (const id of [...byTarget.keys()].sort()) {
    const pings = (byTarget.get(id) as LoggedPing[]).sort((a, b) => a.seq - b.seq);
    const target = found.get(id) as FoldTarget;
    const row = foldedColumns(target, pings);
    folded.set(id, { row: target.row, columns: row });
    update.run(
      row.lastSeenAt,
      row.visitStartedAt,
      row.pageViews,
      row.lastPage,
      row.sdkVersion,
      row.durationSeconds,
      id,
    );
    for (const batch of eventBatches(pings)) batches.push([batch.throughSeq, id, batch.events]);
  }
  insertRows(connection, "widget_event_batches", batchColumns, batches);
  return folded;
}

/**
 * A session's pings of one fold as batches (migration 045), one per session they were logged for (a
 * session merged meanwhile brings its own): keyed by the last one's seq, which a restart finds back.
 */
function eventBatches(pings: readonly LoggedPing[]): Array<{ throughSeq: number; events: string }> {
  const byLogged = new Map<string, LoggedPing[]>();
  for (const ping of pings) {
    const list = byLogged.get(ping.sessionId);
    if (list) list.push(ping);
    else byLogged.set(ping.sessionId, [ping]);
  }
  return [...byLogged.values()].map((logged) => ({
    throughSeq: (logged[logged.length - 1] as LoggedPing).seq,
    events: joinedEventsJson(logged),
  }));
}

/** The pings' events as one JSON array: their own arrays' texts joined, not parsed. */
function joinedEventsJson(pings: readonly LoggedPing[]): string {
  const parts: string[] = [];
  for (const ping of pings) if (ping.eventsJson !== "[]") parts.push(ping.eventsJson.slice(1, -1));
  return `[${parts.join(",")}]`;
}
