import type { SQL } from "bun";
import type { StreamedEvent } from "../../../shared/widget-session-api.ts";
import { outsideTransaction } from "../../database/sqlite-write-pause.ts";
import {
  batchEventsJson,
  type LoggedEvent,
  type LoggedPing,
  pageOf,
  sessionWithPings,
} from "./logged-pings.ts";
import { openPingLog, type PingLog, type PingLogOptions } from "./ping-log.ts";
import { visitIdleMs } from "./session-visits.ts";
import { type SessionRow, type StoredSession, sessionFromRow } from "./sessions-repository.ts";

/**
 * A ping's write: its events stored, its page views counted, last-seen and duration moved forward.
 *
 * Pings are committed in groups: the writes that arrive while one group commits wait for the next,
 * which takes at most `maxBatch` of them in one write (one append to the ping log on SQLite, one
 * transaction elsewhere). One write per group instead of one per ping is most of the gain; each ping
 * is answered only once its group is written, so an acknowledged ping survives a `kill -9` (the ping
 * log's file, or the WAL, is written before the group is answered; losing it would need the machine
 * itself to go down, as with SQLite's `synchronous = NORMAL`). When a group fails, each of its pings is
 * tried again on its own, so one bad ping fails alone.
 *
 * On SQLite a group appends its pings to the ping log (ping-log.ts), a file beside the database: the
 * pings are folded into their sessions and events later, and each ping is answered with its session as
 * it reads with every unfolded ping of it. On PostgreSQL (and on SQLite should Bun.SQL's connection be
 * out of reach) a group writes its sessions and events at once: one UPDATE, one INSERT.
 */

export interface PingActivity {
  durationSeconds?: number;
  sdkVersion?: string;
  events: readonly StreamedEvent[];
}

export interface PingWriter {
  /**
   * Resolves once the ping is committed, with the session as the write left it; null when there is
   * no such session to write to (deleted, or merged into another since the caller looked it up).
   */
  record(sessionId: string, activity: PingActivity): Promise<StoredSession | null>;
  /** Resolves when everything queued so far is committed (or failed) and folded (on SQLite). */
  drain(): Promise<void>;
  /** Folds every unfolded ping now (SQLite; nothing to do elsewhere). */
  fold(): Promise<void>;
  /**
   * Resolves once groups can be written: on SQLite once the ping log is open and a previous process's
   * unfolded pings are folded (the server waits for it before it listens).
   */
  ready(): Promise<void>;
  /** Whether groups are appended to the ping log on the SQLite connection (tests check the fast path is on). */
  writesOnConnection(): Promise<boolean>;
  /** Pings waiting for a group to take them (the metrics' queue depth). */
  queued(): number;
}

export interface PingWriterOptions extends PingLogOptions {
  maxBatch?: number;
  /** Told after each group's commit (or failure) how long it took and how many pings it held. */
  onCommit?: (seconds: number, pings: number) => void;
}

/** Pings per transaction at most: a bound on how long one commit holds the database. */
export const defaultMaxBatch = 200;
/** Rows per INSERT: SQLite takes at most 32,766 bound values in one statement. */
const eventRowsPerInsert = 500;

interface Pending {
  sessionId: string;
  activity: PingActivity;
  resolve(session: StoredSession | null): void;
  reject(error: unknown): void;
}

/** What a ping changes on its session, worked out before any I/O. */
export interface SessionActivity {
  now: string;
  /** A visit starts with the first activity after `visitIdleMs` of none (the old last_seen_at). */
  idleSince: string;
  pageViews: number;
  lastPage: string | null;
  sdkVersion: string | null;
  durationSeconds: number;
}

/** A group's one moment, as written: every ping of the group shares it (formatting it was 4 % of a ping). */
export interface GroupTime {
  now: string;
  idleSince: string;
}

export function groupTime(now: Date): GroupTime {
  return { now: now.toISOString(), idleSince: new Date(now.getTime() - visitIdleMs).toISOString() };
}

export function sessionActivity(activity: PingActivity, time: GroupTime): SessionActivity {
  const pageViews = activity.events.filter((event) => event.name === "pageView");
  return {
    now: time.now,
    idleSince: time.idleSince,
    pageViews: pageViews.length,
    lastPage: pageViews.map((event) => pageOf(event.data)).findLast((page) => page !== null) ?? null,
    sdkVersion: activity.sdkVersion ?? null,
    durationSeconds: Math.floor(activity.durationSeconds ?? 0),
  };
}

export interface EventRow {
  id: string;
  session_id: string;
  name: string;
  occurred_at: string;
  data: string | null;
  created_at: string;
}

export function eventRows(sessionId: string, events: readonly StreamedEvent[], now: string): EventRow[] {
  return loggedEvents(events, now).map((event) => ({
    id: event.id,
    session_id: sessionId,
    name: event.name,
    occurred_at: event.occurredAt,
    data: event.data,
    created_at: now,
  }));
}

/** A ping's events as stored: each its own id, its date in ISO form (a bad or missing one is `now`). */
export function loggedEvents(events: readonly StreamedEvent[], now: string): LoggedEvent[] {
  return events.map((event) => ({
    id: Bun.randomUUIDv7(),
    name: event.name,
    occurredAt: validDate(event.date) ?? now,
    data: event.data === undefined ? null : JSON.stringify(event.data),
  }));
}

/** `toISOString`'s own form: a date already written this way (the SDK's) is kept as it came. */
const isoForm = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function validDate(date: string | undefined): string | null {
  if (!date) return null;
  const time = Date.parse(date);
  if (Number.isNaN(time)) return null;
  return isoForm.test(date) ? date : new Date(time).toISOString();
}

/**
 * What a group's pings of one session change on it together: applying them one after the other gives
 * the same row (they share `now`, so only the first can start a visit).
 */
export function combinedActivity(changes: readonly SessionActivity[]): SessionActivity {
  const [first, ...rest] = changes;
  if (!first) throw new Error("no activity to combine");
  return rest.reduce(
    (sum, next) => ({
      now: sum.now,
      idleSince: sum.idleSince,
      pageViews: sum.pageViews + next.pageViews,
      lastPage: next.lastPage ?? sum.lastPage,
      sdkVersion: next.sdkVersion ?? sum.sdkVersion,
      durationSeconds: Math.max(sum.durationSeconds, next.durationSeconds),
    }),
    first,
  );
}

/** Numbered placeholders: `?1` in SQLite, `$1` in PostgreSQL (the one spelling the two do not share). */
export type PlaceholderPrefix = "?" | "$";

/** One statement of a group's write: its text and its bound values, made before any I/O. */
interface GroupStatement {
  text: string;
  params: Array<string | number | null>;
}

/**
 * One UPDATE for every session of a group, over a VALUES list (SQLite and PostgreSQL both name its
 * columns column1…); it answers the rows it moved on. A session that is gone or was merged into another
 * has no row in the answer.
 */
function touchSessions(
  prefix: PlaceholderPrefix,
  changes: ReadonlyMap<string, SessionActivity>,
): GroupStatement {
  const params: Array<string | number | null> = [];
  const value = (param: string | number | null) => {
    params.push(param);
    return `${prefix}${params.length}`;
  };
  const [any] = changes.values();
  if (!any) throw new Error("a group has at least one session");
  const now = value(any.now);
  const idleSince = value(any.idleSince);
  const rows = [...changes].map(
    ([id, change]) =>
      `(${value(id)}, ${value(change.pageViews)}, ${value(change.lastPage)}, ${value(change.sdkVersion)}, ${value(change.durationSeconds)})`,
  );
  return {
    text: `UPDATE widget_sessions SET
      visit_started_at = CASE WHEN visit_started_at IS NULL OR last_seen_at < ${idleSince}
        THEN ${now} ELSE visit_started_at END,
      last_seen_at = ${now},
      page_views = page_views + CAST(ping.column2 AS INTEGER),
      last_page = COALESCE(ping.column3, last_page),
      sdk_version = COALESCE(ping.column4, sdk_version),
      duration_seconds = CASE WHEN duration_seconds < CAST(ping.column5 AS INTEGER)
        THEN CAST(ping.column5 AS INTEGER) ELSE duration_seconds END
    FROM (VALUES ${rows.join(", ")}) AS ping
    WHERE widget_sessions.id = ping.column1 AND widget_sessions.merged_into IS NULL
    RETURNING *`,
    params,
  };
}

const eventColumns = ["id", "session_id", "name", "occurred_at", "data", "created_at"] as const;

/**
 * The events in one INSERT, its text made here: Bun.SQL's row helper (`sql(rows)`) spent more time
 * building the statement than SQLite took to run it.
 */
function insertEvents(prefix: PlaceholderPrefix, events: readonly EventRow[]): GroupStatement {
  const params: Array<string | null> = [];
  for (const event of events) for (const column of eventColumns) params.push(event[column]);
  return { text: insertEventsText(prefix, events.length), params };
}

/** The INSERT's text by placeholder style and row count; a group has one of a few hundred counts. */
const insertTexts = new Map<string, string>();

function insertEventsText(prefix: PlaceholderPrefix, count: number): string {
  const key = `${prefix}${count}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const width = eventColumns.length;
    const rows = Array.from(
      { length: count },
      (_, row) => `(${eventColumns.map((_, column) => `${prefix}${row * width + column + 1}`).join(", ")})`,
    );
    text = `INSERT INTO widget_events (${eventColumns.join(", ")}) VALUES ${rows.join(", ")}`;
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * One group's writes, in two statements whatever its size (more only past 500 events): the sessions in
 * one UPDATE, then, once its answer says which sessions are still there, every event in one INSERT.
 */
interface GroupWrite {
  touch: GroupStatement;
  inserts(touched: ReadonlyMap<string, StoredSession>): GroupStatement[];
  answer(touched: ReadonlyMap<string, StoredSession>): Array<StoredSession | null>;
}

function groupWrite(prefix: PlaceholderPrefix, group: readonly Pending[]): GroupWrite {
  const time = groupTime(new Date());
  const changes = group.map((ping) => sessionActivity(ping.activity, time));
  const bySession = new Map<string, SessionActivity[]>();
  for (const [index, ping] of group.entries()) {
    const change = changes[index] as SessionActivity;
    const list = bySession.get(ping.sessionId);
    if (list) list.push(change);
    else bySession.set(ping.sessionId, [change]);
  }
  const combined = new Map([...bySession].map(([id, list]) => [id, combinedActivity(list)]));
  return {
    touch: touchSessions(prefix, combined),
    inserts(touched) {
      const events: EventRow[] = [];
      for (const ping of group)
        if (touched.has(ping.sessionId))
          events.push(...eventRows(ping.sessionId, ping.activity.events, time.now));
      const statements: GroupStatement[] = [];
      for (let start = 0; start < events.length; start += eventRowsPerInsert)
        statements.push(insertEvents(prefix, events.slice(start, start + eventRowsPerInsert)));
      return statements;
    },
    answer: (touched) => group.map((ping) => touched.get(ping.sessionId) ?? null),
  };
}

function touchedSessions(rows: readonly SessionRow[]): Map<string, StoredSession> {
  const touched = new Map<string, StoredSession>();
  for (const row of rows) touched.set(row.id, sessionFromRow(row));
  return touched;
}

/** The group in a Bun.SQL transaction: PostgreSQL, and SQLite without its ping log. */
async function writeThroughBunSql(sql: SQL, write: GroupWrite): Promise<Array<StoredSession | null>> {
  return sql.begin(async (tx) => {
    const touched = touchedSessions((await tx.unsafe(write.touch.text, write.touch.params)) as SessionRow[]);
    for (const insert of write.inserts(touched)) await tx.unsafe(insert.text, insert.params);
    return write.answer(touched);
  });
}

/** A ping of a group as the log keeps it. */
function loggedPing(seq: number, ping: Pending, time: GroupTime): LoggedPing {
  const activity = sessionActivity(ping.activity, time);
  return {
    seq,
    sessionId: ping.sessionId,
    seenAt: time.now,
    idleSince: time.idleSince,
    pageViews: activity.pageViews,
    lastPage: activity.lastPage,
    sdkVersion: activity.sdkVersion,
    durationSeconds: activity.durationSeconds,
    eventsJson: batchEventsJson(loggedEvents(ping.activity.events, time.now), time.now),
  };
}

/**
 * The group, synchronously on Bun.SQL's own SQLite connection, without a promise and a microtask per
 * statement: its sessions found (kept from a recent group or read; a session merged or gone is not
 * found), its pings appended to the log in one write. Each ping is answered with its session read
 * through every unfolded ping of it, its own and its group's included.
 */
function appendToLog(log: PingLog, group: readonly Pending[]): Array<StoredSession | null> {
  const time = groupTime(new Date());
  const pings: LoggedPing[] = [];
  const sessions = log.storedSessions([...new Set(group.map((ping) => ping.sessionId))]);
  for (const ping of group)
    if (sessions.has(ping.sessionId)) pings.push(loggedPing(log.nextSeq(), ping, time));
  log.append(pings);
  log.committed(pings);
  const answers = new Map<string, StoredSession>();
  return group.map((ping) => {
    const session = sessions.get(ping.sessionId);
    if (!session) return null;
    let answer = answers.get(ping.sessionId);
    if (!answer) {
      answer = sessionWithPings(session, log.unfoldedOf(ping.sessionId));
      answers.set(ping.sessionId, answer);
    }
    return answer;
  });
}

export function createPingWriter(
  sql: SQL,
  { maxBatch = defaultMaxBatch, onCommit, ...logOptions }: PingWriterOptions = {},
): PingWriter {
  const prefix: PlaceholderPrefix = sql.options.adapter === "sqlite" ? "?" : "$";
  const queue: Pending[] = [];
  let running: Promise<void> | null = null;
  let log: PingLog | null = null;
  // Without the log (PostgreSQL, or no reachable connection) every group goes through Bun.SQL.
  const logOpened = openPingLog(sql, logOptions).then((opened) => {
    log = opened;
  });

  async function commit(group: Pending[]): Promise<void> {
    try {
      let sessions: Array<StoredSession | null>;
      if (log?.alone()) {
        // Bun.SQL lets a plain query run inside a transaction it has open: the group's reads wait for
        // it to end. The group writes nothing to the database, so a pause for the WAL does not hold it.
        // Checked here first: an await even of nothing lets other work run inside the group's timing.
        if (log.connection.inTransaction) await outsideTransaction(log.connection);
        sessions = appendToLog(log, group);
      } else {
        // Beside another writer, what the log keeps is folded first: a ping is never older than the row.
        if (log && log.unfolded() > 0) await log.fold();
        sessions = await writeThroughBunSql(sql, groupWrite(prefix, group));
      }
      for (const [index, ping] of group.entries()) ping.resolve(sessions[index] ?? null);
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // Nothing of the group was committed: each ping again on its own, so only a bad one fails.
      for (const ping of group) await commit([ping]);
    }
  }

  async function run(): Promise<void> {
    // The window: every ping that arrives in this turn of the event loop joins the first group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await logOpened;
    while (queue.length > 0) {
      const group = queue.splice(0, maxBatch);
      const started = performance.now();
      await commit(group);
      onCommit?.((performance.now() - started) / 1000, group.length);
    }
    running = null;
  }

  return {
    record(sessionId, activity) {
      return new Promise((resolve, reject) => {
        queue.push({ sessionId, activity, resolve, reject });
        running ??= run();
      });
    },
    async drain() {
      while (running) await running;
      await logOpened;
      await log?.drain();
    },
    async fold() {
      await logOpened;
      await log?.fold();
    },
    ready: () => logOpened,
    async writesOnConnection() {
      await logOpened;
      return log !== null;
    },
    queued: () => queue.length,
  };
}
