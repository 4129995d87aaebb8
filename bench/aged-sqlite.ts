import { Database } from "bun:sqlite";
import type { AgedCounts, AgingPlan } from "./aged-database.ts";

/**
 * An SQLite data file aged like a site's after months of use, the SQLite side of aged-database.ts:
 * many past sessions with their page views and what they saw of the site's content, and many stored
 * reports, so a ping's writes and reads meet B-trees a few levels deeper and a page cache that no longer
 * holds every table.
 *
 * The rows are copies of rows the real server wrote over HTTP (the bench's visitors, their first
 * pings, a few reports), made with INSERT … SELECT over a counter (a recursive CTE) in one
 * transaction, on the file while no server has it open. Every column is copied as it is except the
 * keys, times and report numbers: keys get a `0~n~` prefix (so they stay unique, point at the copied
 * session, and sort before the server's UUIDv7 ids as the keys of older rows do), times (`*_at`) move
 * n days into the past, report numbers move past the real ones. Columns added by later migrations are
 * copied too, whatever they are. Reports' search documents are copied with their reports.
 */

/** Copies carry `~` in their keys; the server's own ids (UUIDs) never do. */
const original = (column: string) => `instr(src."${column}", '~') = 0`;

const prefixed = (column: string, copy: string) =>
  `CASE WHEN src."${column}" IS NULL THEN NULL ELSE '0~' || printf('%06d', ${copy}) || '~' || src."${column}" END`;

/** An ISO time moved `days` (an SQL expression) into the past, in the form the server writes. */
const shiftedTime = (column: string, days: string, minutes = "0") =>
  `CASE WHEN src."${column}" IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', src."${column}", '-' || (${days}) || ' days', '-' || (${minutes}) || ' minutes') END`;

/** `g(n)` for n in 1…count, and `k(m)` for m in 1…per when asked: the copies' counters. */
const counters = (count: number, per = 1) => `WITH RECURSIVE
  g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${Math.max(1, Math.floor(count))}),
  k(m) AS (SELECT 1 UNION ALL SELECT m + 1 FROM k WHERE m < ${Math.max(1, Math.floor(per))})`;

function columnsOf(db: Database, table: string): string[] {
  const rows = db.query(`SELECT name FROM pragma_table_info('${table}')`).all() as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/** `INSERT INTO table SELECT …` copying every column, with `overrides` (column → expression) and times shifted. */
function copyRows(
  db: Database,
  table: string,
  overrides: Record<string, string | null>,
  select: { with: string; from: string },
  shift: { days: string; minutes?: string },
): number {
  const columns = columnsOf(db, table).filter((column) => overrides[column] !== null);
  if (columns.length === 0) throw new Error(`the database has no table ${table}`);
  const values = columns.map(
    (column) =>
      overrides[column] ??
      (column.endsWith("_at") ? shiftedTime(column, shift.days, shift.minutes) : `src."${column}"`),
  );
  const statement = `INSERT INTO ${table} (${columns.map((column) => `"${column}"`).join(", ")})
    ${select.with} SELECT ${values.join(", ")} ${select.from}`;
  return db.run(statement).changes;
}

const countOf = (db: Database, table: string, where = "1") =>
  (db.query(`SELECT count(*) AS n FROM ${table} src WHERE ${where}`).get() as { n: number }).n;

function copySessions(db: Database, plan: AgingPlan) {
  const realSessions = countOf(db, "widget_sessions", original("id"));
  if (realSessions === 0) throw new Error("no sessions to age the database from: start some visitors first");
  const copies = Math.max(1, Math.ceil(plan.sessions / realSessions));
  const sessions = copyRows(
    db,
    "widget_sessions",
    { id: prefixed("id", "g.n"), merged_into: "NULL" },
    { with: counters(copies), from: `FROM widget_sessions src CROSS JOIN g WHERE ${original("id")}` },
    { days: "g.n" },
  );
  // One page view of each real session's, repeated: `eventsPerSession` per past session, minutes apart.
  const events = copyRows(
    db,
    "widget_events",
    {
      id: `'0~' || printf('%06d', g.n) || '~' || k.m || '~' || src.id`,
      session_id: prefixed("session_id", "g.n"),
    },
    {
      with: counters(copies, plan.eventsPerSession),
      from: `FROM (SELECT * FROM widget_events e WHERE instr(e.session_id, '~') = 0
          AND e.id = (SELECT min(f.id) FROM widget_events f WHERE f.session_id = e.session_id)) src
        CROSS JOIN g CROSS JOIN k`,
    },
    { days: "g.n", minutes: "k.m" },
  );
  // What each past session saw of the site's content (the banner a real visitor saw, say).
  const deliveries = copyRows(
    db,
    "widget_outbound_deliveries",
    { session_id: prefixed("session_id", "g.n") },
    {
      with: counters(copies),
      from: `FROM widget_outbound_deliveries src CROSS JOIN g WHERE ${original("session_id")}`,
    },
    { days: "g.n" },
  );
  return { sessions, events: events + copyEventBatches(db, plan, copies), deliveries, copies };
}

/**
 * The same for the events a fold stored as batches (migration 045), as the server stores them now: a
 * batch of one page view per copy and minute, keyed below every seq the log will give (negative).
 */
function copyEventBatches(db: Database, plan: AgingPlan, copies: number): number {
  const first = (index: number) => `json_extract(src.events, '$[0][${index}]')`;
  const shifted = (index: number) =>
    `strftime('%Y-%m-%dT%H:%M:%fZ', ${first(index)}, '-' || g.n || ' days', '-' || k.m || ' minutes')`;
  return copyRows(
    db,
    "widget_event_batches",
    {
      through_seq: `-((g.n * ${Math.max(1, plan.eventsPerSession)} + k.m) * 100000000 + src.through_seq)`,
      session_id: prefixed("session_id", "g.n"),
      events: `json_array(json_array('0~' || printf('%06d', g.n) || '~' || k.m || '~' || ${first(0)},
        ${first(1)}, ${shifted(2)}, ${first(3)}, ${shifted(4)}))`,
    },
    {
      with: counters(copies, plan.eventsPerSession),
      from: `FROM (SELECT * FROM widget_event_batches b WHERE instr(b.session_id, '~') = 0
          AND b.through_seq = (SELECT min(c.through_seq) FROM widget_event_batches c
            WHERE c.session_id = b.session_id AND json_array_length(c.events) > 0)) src
        CROSS JOIN g CROSS JOIN k`,
    },
    { days: "g.n" },
  );
}

/** Reports and their search documents, the session of each copy a copy of its session. */
function copyReports(db: Database, plan: AgingPlan, sessionCopies: number): number {
  const realReports = countOf(db, "feedback_reports", original("id"));
  if (realReports === 0 || plan.reports <= 0) return 0;
  const copies = Math.ceil(plan.reports / realReports);
  const { top } = db.query("SELECT coalesce(max(number), 0) AS top FROM feedback_reports").get() as {
    top: number;
  };
  const sessionCopy = `((g.n - 1) % ${sessionCopies} + 1)`;
  const reports = copyRows(
    db,
    "feedback_reports",
    {
      id: prefixed("id", "g.n"),
      session_id: prefixed("session_id", sessionCopy),
      number: `src.number + g.n * ${top}`,
      idempotency_key: prefixed("idempotency_key", "g.n"),
    },
    { with: counters(copies), from: `FROM feedback_reports src CROSS JOIN g WHERE ${original("id")}` },
    { days: "g.n" },
  );
  if (columnsOf(db, "feedback_search").length > 0)
    copyRows(
      db,
      "feedback_search",
      { doc_id: null, report_id: prefixed("report_id", "g.n") },
      {
        with: counters(copies),
        from: `FROM feedback_search src CROSS JOIN g WHERE ${original("report_id")}`,
      },
      { days: "g.n" },
    );
  // The next real report takes the number after the copies'.
  db.run(`UPDATE widget_projects SET report_counter = (SELECT max(number) FROM feedback_reports r
      WHERE r.project_id = widget_projects.id)
    WHERE EXISTS (SELECT 1 FROM feedback_reports r WHERE r.project_id = widget_projects.id)`);
  return reports;
}

/** Ages the SQLite file `filename` (no server may have it open) and answers what it added. */
export function ageSqliteDatabase(filename: string, plan: AgingPlan): AgedCounts {
  const db = new Database(filename, { readwrite: true });
  try {
    // No journal while the copies are made (nothing else has the file, and a bench that fails starts
    // over): each page is written once, not to the WAL and then again into the file.
    db.run("PRAGMA journal_mode = OFF");
    db.run("PRAGMA synchronous = OFF");
    db.run("PRAGMA foreign_keys = ON");
    const added = db.transaction(() => {
      const { sessions, events, deliveries, copies } = copySessions(db, plan);
      return { sessions, events, deliveries, reports: copyReports(db, plan, copies) };
    })();
    db.run("ANALYZE");
    db.run("PRAGMA journal_mode = WAL");
    const { bytes } = db
      .query("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()")
      .get() as { bytes: number };
    return { ...added, databaseBytes: bytes };
  } finally {
    db.close();
  }
}
