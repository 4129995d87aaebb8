import type { SQL } from "bun";
import { maxSavedReplies, type SavedReply, type SavedReplyWrite } from "../../../shared/saved-replies-api.ts";
import { toCount } from "../repository-helpers.ts";

/** A project's saved replies (`saved_replies`, migration 027). */

interface SavedReplyRow {
  id: string;
  title: string;
  shortcut: string;
  body: string;
  updated_at: string;
}

const fromRow = (row: SavedReplyRow): SavedReply => ({
  id: row.id,
  title: row.title,
  shortcut: row.shortcut,
  body: row.body,
  updatedAt: row.updated_at,
});

/** Titles and bodies as stored: trimmed, so the picker's search and the inserted text have no stray edges. */
const cleaned = (write: SavedReplyWrite) => ({
  title: write.title.trim(),
  shortcut: write.shortcut,
  body: write.body.trim(),
});

export async function listSavedReplies(sql: SQL, projectId: string): Promise<SavedReply[]> {
  const rows = await sql`SELECT id, title, shortcut, body, updated_at FROM saved_replies
    WHERE project_id = ${projectId} ORDER BY shortcut LIMIT ${maxSavedReplies}`;
  return (rows as SavedReplyRow[]).map(fromRow);
}

export async function findSavedReply(sql: SQL, projectId: string, id: string): Promise<SavedReply | null> {
  const [row] = await sql`SELECT id, title, shortcut, body, updated_at FROM saved_replies
    WHERE id = ${id} AND project_id = ${projectId}`;
  return row ? fromRow(row as SavedReplyRow) : null;
}

export async function countSavedReplies(sql: SQL, projectId: string): Promise<number> {
  const [row] = await sql`SELECT count(*) AS count FROM saved_replies WHERE project_id = ${projectId}`;
  return toCount((row as { count?: unknown } | undefined)?.count);
}

/** Inserts one; a shortcut the project has already throws the unique violation (callers answer 409). */
export async function insertSavedReply(
  sql: SQL,
  projectId: string,
  write: SavedReplyWrite,
): Promise<SavedReply> {
  const now = new Date().toISOString();
  const [row] = await sql`INSERT INTO saved_replies ${sql({
    id: Bun.randomUUIDv7(),
    project_id: projectId,
    ...cleaned(write),
    created_at: now,
    updated_at: now,
  })} RETURNING id, title, shortcut, body, updated_at`;
  return fromRow(row as SavedReplyRow);
}

/** Replaces one; null when the project has no such reply. */
export async function updateSavedReply(
  sql: SQL,
  projectId: string,
  id: string,
  write: SavedReplyWrite,
): Promise<SavedReply | null> {
  const { title, shortcut, body } = cleaned(write);
  const [row] = await sql`UPDATE saved_replies
    SET title = ${title}, shortcut = ${shortcut}, body = ${body}, updated_at = ${new Date().toISOString()}
    WHERE id = ${id} AND project_id = ${projectId} RETURNING id, title, shortcut, body, updated_at`;
  return row ? fromRow(row as SavedReplyRow) : null;
}

export async function deleteSavedReply(sql: SQL, projectId: string, id: string): Promise<boolean> {
  const rows =
    await sql`DELETE FROM saved_replies WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return rows.length > 0;
}
