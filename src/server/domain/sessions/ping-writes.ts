import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import type { StreamedEvent } from "../../../shared/widget-session-api.ts";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { visitIdleMs } from "./session-visits.ts";
import { type SessionRow, type StoredSession, sessionFromRow } from "./sessions-repository.ts";

/**
 * A ping's write: its events stored, its page views counted, last-seen and duration moved forward.
 *
 * Pings are committed in groups (issue 23): the writes that arrive while one group commits wait for
 * the next, which takes at most `maxBatch` of them in one transaction. One commit per group instead
 * of one per ping is most of the gain; each ping is answered only once its group committed, so an
 * acknowledged ping survives a `kill -9` (SQLite's WAL is written before COMMIT returns; losing it
 * would need the machine itself to go down, with `synchronous = NORMAL`). When a group fails, each of
 * its pings is tried again on its own, so one bad ping fails alone.
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
  /** Resolves when everything queued so far is committed (or failed). */
  drain(): Promise<void>;
  /** Whether groups are written synchronously on the SQLite connection (tests check the fast path is on). */
  writesOnConnection(): Promise<boolean>;
  /** Pings waiting for a group to take them (the metrics' queue depth). */
  queued(): number;
}

export interface PingWriterOptions {
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
  return events.map((event) => ({
    id: Bun.randomUUIDv7(),
    session_id: sessionId,
    name: event.name,
    occurred_at: validDate(event.date) ?? now,
    data: event.data === undefined ? null : JSON.stringify(event.data),
    created_at: now,
  }));
}

function pageOf(data: unknown): string | null {
  const page = (data as { page?: unknown } | undefined)?.page;
  return typeof page === "string" && page !== "" ? page.slice(0, 2048) : null;
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
 * building the statement than SQLite took to run it (issue 23).
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

/** The group in a Bun.SQL transaction: PostgreSQL, and SQLite while Bun.SQL has a transaction open. */
async function writeThroughBunSql(sql: SQL, write: GroupWrite): Promise<Array<StoredSession | null>> {
  return sql.begin(async (tx) => {
    const touched = touchedSessions((await tx.unsafe(write.touch.text, write.touch.params)) as SessionRow[]);
    for (const insert of write.inserts(touched)) await tx.unsafe(insert.text, insert.params);
    return write.answer(touched);
  });
}

/**
 * The group in one synchronous transaction on Bun.SQL's own SQLite connection: the same statements,
 * without a promise and a microtask per statement (about a tenth of a ping's time, issue 23).
 */
function writeOnConnection(connection: Database, write: GroupWrite): Array<StoredSession | null> {
  // BEGIN and COMMIT by hand: `connection.transaction(fn)` builds a wrapper with its own properties on
  // every call, about 1 % of a ping here.
  connection.prepare("BEGIN").run();
  try {
    const rows = connection.prepare(write.touch.text).all(...write.touch.params) as SessionRow[];
    const touched = touchedSessions(rows);
    for (const insert of write.inserts(touched)) connection.prepare(insert.text).run(...insert.params);
    connection.prepare("COMMIT").run();
    return write.answer(touched);
  } catch (error) {
    if (connection.inTransaction) connection.prepare("ROLLBACK").run();
    throw error;
  }
}

export function createPingWriter(
  sql: SQL,
  { maxBatch = defaultMaxBatch, onCommit }: PingWriterOptions = {},
): PingWriter {
  const sqlite = sql.options.adapter === "sqlite";
  const prefix: PlaceholderPrefix = sqlite ? "?" : "$";
  const queue: Pending[] = [];
  let running: Promise<void> | null = null;
  let connection: Database | null = null;
  const connectionFound = sqlite
    ? sqliteConnectionOf(sql).then(
        (found) => {
          connection = found;
        },
        // Without the connection every group goes through Bun.SQL: slower, and just as correct.
        () => {},
      )
    : Promise.resolve();

  async function commit(group: Pending[]): Promise<void> {
    try {
      const write = groupWrite(prefix, group);
      // Bun.SQL lets a plain query run inside a transaction it has open: a group waits for it instead.
      const sessions =
        connection && !connection.inTransaction
          ? writeOnConnection(connection, write)
          : await writeThroughBunSql(sql, write);
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
    await connectionFound;
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
    },
    async writesOnConnection() {
      await connectionFound;
      return connection !== null;
    },
    queued: () => queue.length,
  };
}
