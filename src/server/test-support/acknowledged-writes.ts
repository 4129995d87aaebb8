import { SQL } from "bun";
import { sessionHeaders } from "./outbound-test-support.ts";

/**
 * A mixed write load on one server address (widget session starts, pings, reports, staff notes) that
 * keeps a ledger of what was acknowledged, so a test can stop or kill the process under it and then
 * look every acknowledged write up in the database file. The loops go on through errors (the process
 * is gone or restarting) until told to stop, so they reach the next process on the same ports.
 */

export interface WriteLedger {
  sessions: string[];
  /** The pinged pages: each ping carries one page view of its own. */
  pages: string[];
  reports: string[];
  notes: string[];
  /** How the requests that were not acknowledged ended: `503`, or the connection error's code. */
  refused: Record<string, number>;
  /** Answers that are neither 2xx nor 503: each one fails the test. */
  unexpected: string[];
  /** Requests sent and not answered yet. */
  inFlight(): number;
  /** Counts `work` as a request in flight until it settles. */
  track<T>(work: Promise<T>): Promise<T>;
}

export interface LoadTarget {
  mainUrl: string;
  /** A widget session of the demo project the pings and reports are sent as. */
  session: { gleapId: string; gleapHash: string };
  /** An admin's access token and a report the staff notes are written on. */
  adminToken: string;
  reportId: string;
}

export function newLedger(): WriteLedger {
  let pending = 0;
  return {
    sessions: [],
    pages: [],
    reports: [],
    notes: [],
    refused: {},
    unexpected: [],
    inFlight: () => pending,
    async track(work) {
      pending++;
      try {
        return await work;
      } finally {
        pending--;
      }
    },
  };
}

const widgetHeaders = (target: LoadTarget) => sessionHeaders(target.session, "application/json");

type Send = (marker: string) => { path: string; init: RequestInit; ack(response: Response): Promise<void> };

/** The four kinds of write, each with what its acknowledgement adds to the ledger. */
function writeKinds(target: LoadTarget, ledger: WriteLedger): Record<string, Send> {
  return {
    session: () => ({
      path: "/api/widget/sessions",
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json", "Api-Token": "demo" },
        body: "{}",
      },
      ack: async (response) =>
        void ledger.sessions.push(((await response.json()) as { gleapId: string }).gleapId),
    }),
    ping: (marker) => ({
      path: "/api/widget/sessions/ping",
      init: {
        method: "POST",
        headers: widgetHeaders(target),
        body: JSON.stringify({ events: [{ name: "pageView", data: { page: marker } }] }),
      },
      ack: async () => void ledger.pages.push(marker),
    }),
    report: (marker) => ({
      path: "/api/widget/bugs/v2",
      init: {
        method: "POST",
        headers: widgetHeaders(target),
        body: JSON.stringify({
          formData: { description: marker },
          metaData: { currentUrl: "https://shop.test/" },
        }),
      },
      ack: async (response) => void ledger.reports.push(((await response.json()) as { id: string }).id),
    }),
    note: (marker) => ({
      path: `/api/feedback/${target.reportId}/notes`,
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${target.adminToken}` },
        body: JSON.stringify({ text: marker }),
      },
      ack: async () => void ledger.notes.push(marker),
    }),
  };
}

/** The error's code (`ECONNREFUSED`, `ConnectionClosed`, …) or its name. */
const failureOf = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.name : String(error));

/**
 * Runs `loops` of each kind until `running()` turns false; resolves when every loop ended. A failed
 * request is followed by a 10 ms pause, so the loops do not spin while no process listens.
 */
export async function runWriteLoad(
  target: LoadTarget,
  ledger: WriteLedger,
  running: () => boolean,
  loops: Partial<Record<"session" | "ping" | "report" | "note", number>>,
): Promise<void> {
  const kinds = writeKinds(target, ledger);
  const loop = async (kind: string, index: number) => {
    const send = kinds[kind] as Send;
    for (let n = 0; running(); n++) {
      const { path, init, ack } = send(`${kind}-${index}-${n}-${Bun.randomUUIDv7()}`);
      const outcome = await ledger.track(
        fetch(`${target.mainUrl}${path}`, init).then(
          async (response) => {
            if (response.ok) await ack(response);
            else if (response.status === 503) ledger.refused["503"] = (ledger.refused["503"] ?? 0) + 1;
            else ledger.unexpected.push(`${kind} ${response.status} ${await response.text()}`);
            return response.ok;
          },
          (error: unknown) => {
            const code = failureOf(error);
            ledger.refused[code] = (ledger.refused[code] ?? 0) + 1;
            return false;
          },
        ),
      );
      if (!outcome) await Bun.sleep(10);
    }
  };
  await Promise.all(
    Object.entries(loops).flatMap(([kind, count]) =>
      Array.from({ length: count ?? 0 }, (_, index) => loop(kind, index)),
    ),
  );
}

export interface LostWrites {
  sessions: string[];
  pages: string[];
  reports: string[];
  notes: string[];
  /** Whether the file is whole: SQLite's integrity and key checks, and the counters kept with the rows. */
  consistency: string[];
}

const missing = (acknowledged: string[], stored: Iterable<unknown>) => {
  const found = new Set([...stored].map(String));
  return acknowledged.filter((value) => !found.has(value));
};

/**
 * Looks every acknowledged write up in the SQLite file, opened fresh as the next start would;
 * `pingedSession` is the session whose page views are checked against its events.
 */
export async function lostWrites(
  filename: string,
  ledger: WriteLedger,
  pingedSession: string,
): Promise<LostWrites> {
  const sql = new SQL({ adapter: "sqlite", filename });
  try {
    const sessions = (await sql`SELECT id FROM widget_sessions`) as Array<{ id: string }>;
    const events = (await sql`SELECT data FROM widget_session_events WHERE name = 'pageView'`) as Array<{
      data: string;
    }>;
    const reports = (await sql`SELECT id FROM feedback_reports`) as Array<{ id: string }>;
    const notes = (await sql`SELECT text FROM staff_notes`) as Array<{ text: string }>;
    return {
      sessions: missing(
        ledger.sessions,
        sessions.map((row) => row.id),
      ),
      pages: missing(
        ledger.pages,
        events.map((row) => (JSON.parse(row.data) as { page: string }).page),
      ),
      reports: missing(
        ledger.reports,
        reports.map((row) => row.id),
      ),
      notes: missing(
        ledger.notes,
        notes.map((row) => row.text),
      ),
      consistency: await inconsistencies(sql, pingedSession),
    };
  } finally {
    await sql.close();
  }
}

/**
 * What a half-written request would leave: a damaged file, a dangling key, a project's report counter
 * that disagrees with its reports (they commit together), a session whose page-view count disagrees
 * with its page-view events (a ping writes both in one transaction).
 */
async function inconsistencies(sql: SQL, pingedSession: string): Promise<string[]> {
  const problems: string[] = [];
  const [integrity] = (await sql`PRAGMA integrity_check`) as Array<{ integrity_check: string }>;
  if (integrity?.integrity_check !== "ok") problems.push(`integrity: ${integrity?.integrity_check}`);
  const keys = (await sql`PRAGMA foreign_key_check`) as unknown[];
  if (keys.length > 0) problems.push(`foreign keys: ${JSON.stringify(keys.slice(0, 3))}`);
  const counters = await sql`SELECT p.id, p.report_counter, count(r.id) AS reports, max(r.number) AS highest
    FROM widget_projects p LEFT JOIN feedback_reports r ON r.project_id = p.id GROUP BY p.id`;
  for (const row of counters as Array<{
    id: string;
    report_counter: number;
    reports: number;
    highest: number;
  }>)
    if (
      Number(row.report_counter) !== Number(row.reports) ||
      Number(row.reports) !== Number(row.highest ?? 0)
    )
      problems.push(
        `project ${row.id}: counter ${row.report_counter}, ${row.reports} reports, highest ${row.highest}`,
      );
  const views = await sql`SELECT s.id, s.page_views,
      (SELECT count(*) FROM widget_session_events e WHERE e.session_id = s.id AND e.name = 'pageView') AS events
    FROM widget_sessions s WHERE s.id = ${pingedSession}`;
  for (const row of views as Array<{ id: string; page_views: number; events: number }>)
    if (Number(row.page_views) !== Number(row.events))
      problems.push(`session ${row.id}: page_views ${row.page_views}, ${row.events} page-view events`);
  return problems;
}
