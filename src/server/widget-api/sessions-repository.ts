import type { SQL } from "bun";

export interface StoredSession {
  id: string;
  projectId: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  customData: Record<string, unknown>;
  lang: string | null;
  createdAt: string;
  lastSeenAt: string;
}

interface SessionRow {
  id: string;
  project_id: string;
  user_id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  custom_data: string;
  lang: string | null;
  created_at: string;
  last_seen_at: string;
}

function fromRow(row: SessionRow): StoredSession {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    value: row.value === null ? null : Number(row.value),
    customData: JSON.parse(row.custom_data) as Record<string, unknown>,
    lang: row.lang,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

export async function createSession(
  sql: SQL,
  projectId: string,
  lang: string | null,
): Promise<StoredSession> {
  const now = new Date().toISOString();
  // UUIDv7 ids sort by creation time, which keeps the primary-key index append-only.
  const [row] =
    await sql`INSERT INTO widget_sessions (id, project_id, custom_data, lang, created_at, last_seen_at)
    VALUES (${Bun.randomUUIDv7()}, ${projectId}, ${"{}"}, ${lang}, ${now}, ${now})
    RETURNING *`;
  return fromRow(row);
}

export async function findSession(sql: SQL, projectId: string, id: string): Promise<StoredSession | null> {
  const [row] = await sql`SELECT * FROM widget_sessions WHERE id = ${id} AND project_id = ${projectId}`;
  return row ? fromRow(row) : null;
}

/** Marks a returning session as seen, keeping its language when the client sent none. */
export async function touchSession(
  sql: SQL,
  session: StoredSession,
  lang: string | null,
): Promise<StoredSession> {
  const now = new Date().toISOString();
  const nextLang = lang ?? session.lang;
  await sql`UPDATE widget_sessions SET last_seen_at = ${now}, lang = ${nextLang} WHERE id = ${session.id}`;
  return { ...session, lastSeenAt: now, lang: nextLang };
}
