import type { SQL } from "bun";
import { type ClusterLedger, noWrites } from "./cluster-load.ts";

/** Acknowledged writes that are not where they must be, by kind. */
export interface MissingWrites {
  sessions: string[];
  pages: string[];
  reports: string[];
  conversations: string[];
  replies: string[];
  notes: string[];
}

/** What a cluster test expects to be missing after its outage: nothing of any kind. */
export const nothingMissing: MissingWrites = noWrites();

export const missingCount = (missing: MissingWrites) =>
  Object.values(missing).reduce((sum, list) => sum + list.length, 0);

const absent = (acknowledged: string[], stored: Iterable<unknown>) => {
  const found = new Set([...stored].map(String));
  return acknowledged.filter((value) => !found.has(value));
};

/** Looks every acknowledged write up in PostgreSQL, by its id (or, for page views and notes, its text). */
export async function missingFromDatabase(sql: SQL, ledger: ClusterLedger): Promise<MissingWrites> {
  const ids = async (query: Promise<unknown[]>, column: string) =>
    ((await query) as Array<Record<string, unknown>>).map((row) => row[column]);
  const pageViews = (await sql`SELECT data FROM widget_session_events WHERE name = 'pageView'`) as Array<{
    data: string;
  }>;
  return {
    sessions: absent(ledger.sessions, await ids(sql`SELECT id FROM widget_sessions`, "id")),
    pages: absent(
      ledger.pages,
      pageViews.map((row) => (JSON.parse(row.data) as { page?: string }).page),
    ),
    reports: absent(
      ledger.reports.map((report) => report.id),
      await ids(sql`SELECT id FROM feedback_reports`, "id"),
    ),
    conversations: absent(
      ledger.conversations.map((conversation) => conversation.visitorMessage),
      await ids(sql`SELECT id FROM conversation_messages WHERE author = 'visitor'`, "id"),
    ),
    replies: absent(
      ledger.replies.map((reply) => reply.id),
      await ids(sql`SELECT id FROM conversation_messages WHERE author = 'staff'`, "id"),
    ),
    notes: absent(ledger.notes, await ids(sql`SELECT text FROM staff_notes`, "text")),
  };
}

/** `count` entries spread evenly over `list` (all of it when it is shorter). */
export function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from({ length: count }, (_, index) => list[Math.floor((index * list.length) / count)] as T);
}

/** Runs `work` over `items`, `parallel` at a time. */
export async function eachLimited<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

interface SentReport {
  formData: unknown;
  screenshotData: unknown;
  webReplay: unknown;
}

/**
 * Reads each report back through `origin(index)` as the inbox does (`GET /api/feedback/{id}`): what
 * the visitor wrote, the page snapshot and the web replay must be what was sent, whole (a part that
 * is missing from S3 reads as null). Answers one line per report that is not.
 */
export async function reportsNotWhole(
  reports: ClusterLedger["reports"],
  bodies: readonly string[],
  origin: (index: number) => string,
  adminToken: string,
): Promise<string[]> {
  const sent = bodies.map((body) => JSON.parse(body) as SentReport);
  const problems: string[] = [];
  await eachLimited(
    reports.map((report, index) => ({ ...report, index })),
    8,
    async ({ id, body, index }) => {
      const url = `${origin(index)}/api/feedback/${id}`;
      const response = await fetch(url, { headers: { Authorization: `Bearer ${adminToken}` } });
      if (response.status !== 200) return void problems.push(`${url}: ${response.status}`);
      const stored = (await response.json()) as SentReport;
      const expected = sent[body] as SentReport;
      for (const part of ["formData", "screenshotData", "webReplay"] as const)
        if (!Bun.deepEquals(stored[part], expected[part])) problems.push(`${url}: ${part} differs`);
    },
  );
  return problems;
}

/** Reads conversations back through `origin(index)`: the visitor's first message and every staff reply. */
export async function conversationsNotWhole(
  ledger: ClusterLedger,
  conversations: ClusterLedger["conversations"],
  origin: (index: number) => string,
  projectId: string,
  adminToken: string,
): Promise<string[]> {
  const problems: string[] = [];
  await eachLimited(
    conversations.map((conversation, index) => ({ ...conversation, index })),
    8,
    async ({ id, visitorMessage, index }) => {
      const url = `${origin(index)}/api/projects/${projectId}/conversations/${id}`;
      const response = await fetch(url, { headers: { Authorization: `Bearer ${adminToken}` } });
      if (response.status !== 200) return void problems.push(`${url}: ${response.status}`);
      const { messages } = (await response.json()) as { messages: Array<{ id: string }> };
      const held = new Set(messages.map((message) => message.id));
      const expected = [
        visitorMessage,
        ...ledger.replies.filter((reply) => reply.conversationId === id).map((reply) => reply.id),
      ];
      for (const message of expected)
        if (!held.has(message)) problems.push(`${url}: message ${message} missing`);
    },
  );
  return problems;
}
