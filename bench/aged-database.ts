import type { SQL } from "bun";

/**
 * A PostgreSQL database aged like a site's after months of use: many past sessions, their page
 * views, many stored reports, so indexes and tables are of a size where a ping's UPDATE and INSERT
 * and a report's INSERT meet real B-tree depths and a cache that no longer holds everything.
 *
 * The rows are copies of rows the real server wrote over HTTP (the bench's visitors and reports), made
 * with INSERT … SELECT: every column is copied as it is except the keys (suffixed `~n`, so they stay
 * unique and point at the copied session), report numbers (moved past the real ones), idempotency
 * keys, and times (`*_at`, moved n days into the past, so the copies are old sessions, not live
 * ones). Columns added by later migrations are copied too, whatever they are.
 */

export interface AgingPlan {
  /** Past sessions to add (at least; whole copies of the real sessions). */
  sessions: number;
  /** Page views stored for each past session. */
  eventsPerSession: number;
  /** Past reports to add (at least; whole copies of the real reports). */
  reports: number;
}

export interface AgedCounts {
  sessions: number;
  events: number;
  /** Rows of what past sessions saw of the site's content (a copy of each real session's). */
  deliveries: number;
  reports: number;
  /** Size of the whole database afterwards. */
  databaseBytes: number;
}

/** Copies carry `~` in their keys; the server's own ids (UUIDs) never do. */
const original = (column: string) => `position('~' in src."${column}") = 0`;

/** An ISO time text moved `days` (an SQL expression) into the past, in the form the server writes. */
const shiftedTime = (column: string, days: string, minutes = "0") =>
  `CASE WHEN src."${column}" IS NULL THEN NULL ELSE to_char((src."${column}"::timestamptz - make_interval(days => ${days}, mins => ${minutes})) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`;

const suffixed = (column: string, suffix: string) =>
  `CASE WHEN src."${column}" IS NULL THEN NULL ELSE src."${column}" || ${suffix} END`;

async function columnsOf(sql: SQL, table: string): Promise<string[]> {
  const rows = (await sql`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}
    ORDER BY ordinal_position`) as Array<{ column_name: string }>;
  if (rows.length === 0) throw new Error(`the database has no table ${table}`);
  return rows.map((row) => row.column_name);
}

/** `INSERT INTO table SELECT …` copying every column, with `overrides` (column → expression) and times shifted. */
async function copyRows(
  sql: SQL,
  table: string,
  overrides: Record<string, string>,
  from: string,
  shift: { days: string; minutes?: string },
): Promise<number> {
  const columns = await columnsOf(sql, table);
  const values = columns.map(
    (column) =>
      overrides[column] ??
      (column.endsWith("_at") ? shiftedTime(column, shift.days, shift.minutes) : `src."${column}"`),
  );
  const statement = `INSERT INTO ${table} (${columns.map((column) => `"${column}"`).join(", ")}) SELECT ${values.join(", ")} ${from}`;
  const result = await sql.unsafe(statement);
  return (result as unknown as { count: number }).count;
}

async function countOf(sql: SQL, table: string, where = "TRUE"): Promise<number> {
  const [row] = (await sql.unsafe(`SELECT count(*)::int AS n FROM ${table} src WHERE ${where}`)) as [
    { n: number },
  ];
  return row.n;
}

export async function ageDatabase(sql: SQL, plan: AgingPlan): Promise<AgedCounts> {
  const realSessions = await countOf(sql, "widget_sessions", original("id"));
  const realReports = await countOf(sql, "feedback_reports", original("id"));
  if (realSessions === 0) throw new Error("no sessions to age the database from: start some visitors first");
  const sessionCopies = Math.max(1, Math.ceil(plan.sessions / realSessions));
  const sessions = await copyRows(
    sql,
    "widget_sessions",
    { id: `src.id || '~' || g` },
    `FROM widget_sessions src CROSS JOIN generate_series(1, ${sessionCopies}) g WHERE ${original("id")}`,
    { days: "g" },
  );
  // One page view of each real session's, repeated: `eventsPerSession` per past session, minutes apart.
  const events = await copyRows(
    sql,
    "widget_events",
    { id: `src.id || '~' || g || '~' || k`, session_id: `src.session_id || '~' || g` },
    `FROM (SELECT DISTINCT ON (session_id) * FROM widget_events WHERE position('~' in session_id) = 0 ORDER BY session_id, occurred_at) src
     CROSS JOIN generate_series(1, ${sessionCopies}) g CROSS JOIN generate_series(1, ${plan.eventsPerSession}) k`,
    { days: "g", minutes: "k" },
  );
  const deliveries = await copyRows(
    sql,
    "widget_outbound_deliveries",
    { session_id: `src.session_id || '~' || g` },
    `FROM widget_outbound_deliveries src CROSS JOIN generate_series(1, ${sessionCopies}) g WHERE ${original("session_id")}`,
    { days: "g" },
  );
  let reports = 0;
  if (realReports > 0 && plan.reports > 0) {
    const reportCopies = Math.ceil(plan.reports / realReports);
    const [{ top }] = (await sql`SELECT coalesce(max(number), 0)::int AS top FROM feedback_reports`) as [
      { top: number },
    ];
    reports = await copyRows(
      sql,
      "feedback_reports",
      {
        id: `src.id || '~' || g`,
        session_id: suffixed("session_id", `'~' || ((g - 1) % ${sessionCopies} + 1)`),
        number: `src.number + g * ${top}`,
        idempotency_key: suffixed("idempotency_key", `'~' || g`),
      },
      `FROM feedback_reports src CROSS JOIN generate_series(1, ${reportCopies}) g WHERE ${original("id")}`,
      { days: "g" },
    );
    // The next real report takes the number after the copies'.
    await sql`UPDATE widget_projects p SET report_counter = (SELECT max(number) FROM feedback_reports r WHERE r.project_id = p.id)
              WHERE EXISTS (SELECT 1 FROM feedback_reports r WHERE r.project_id = p.id)`;
  }
  for (const table of [
    "widget_sessions",
    "widget_events",
    "widget_outbound_deliveries",
    "feedback_reports",
    "widget_projects",
  ])
    await sql.unsafe(`VACUUM ANALYZE ${table}`);
  const [{ bytes }] = (await sql`SELECT pg_database_size(current_database())::bigint::text AS bytes`) as [
    { bytes: string },
  ];
  return { sessions, events, deliveries, reports, databaseBytes: Number(bytes) };
}
