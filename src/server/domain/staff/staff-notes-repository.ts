import type { SQL } from "bun";
import { mentionedNicknames } from "../../../shared/note-mentions.ts";
import type { NoteMention, NoteTarget, StaffNote } from "../../../shared/staff-notes-api.ts";

interface NoteRow {
  id: string;
  project_id: string;
  report_id: string | null;
  conversation_id: string | null;
  author_id: string | null;
  author_name: string;
  text: string;
  created_at: string;
  updated_at: string | null;
}

interface MentionRow {
  note_id: string;
  user_id: string;
  nickname: string;
  display_name: string | null;
}

/** The enabled admins, who can be mentioned: their ids and nicknames. */
export async function mentionableAdmins(sql: SQL): Promise<Array<{ id: string; nickname: string }>> {
  const rows = await sql`SELECT id, name FROM users WHERE role = 'ADMIN' AND enabled = ${true} ORDER BY name`;
  return (rows as Array<{ id: string; name: string }>).map((row) => ({ id: row.id, nickname: row.name }));
}

/** The ids of the admins `text` mentions. */
export async function mentionedAdmins(sql: SQL, text: string): Promise<string[]> {
  const admins = await mentionableAdmins(sql);
  const nicknames = new Set(
    mentionedNicknames(
      text,
      admins.map((admin) => admin.nickname),
    ),
  );
  return admins.filter((admin) => nicknames.has(admin.nickname)).map((admin) => admin.id);
}

function targetOf(row: NoteRow): NoteTarget {
  return row.report_id !== null
    ? { kind: "report", id: row.report_id, projectId: row.project_id }
    : { kind: "conversation", id: row.conversation_id ?? "", projectId: row.project_id };
}

async function withMentions(sql: SQL, rows: NoteRow[]): Promise<StaffNote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const mentionRows = (await sql`SELECT sm.note_id, sm.user_id, u.name AS nickname, u.display_name
    FROM staff_note_mentions sm JOIN users u ON u.id = sm.user_id
    WHERE sm.note_id IN ${sql(ids)} ORDER BY u.name`) as MentionRow[];
  const byNote = new Map<string, NoteMention[]>();
  for (const row of mentionRows) {
    const list = byNote.get(row.note_id) ?? [];
    list.push({ id: row.user_id, nickname: row.nickname, name: row.display_name?.trim() || row.nickname });
    byNote.set(row.note_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    target: targetOf(row),
    author: { id: row.author_id, name: row.author_name },
    text: row.text,
    mentions: byNote.get(row.id) ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** The notes of a report or a conversation, oldest first (the newest 500). */
export async function listNotes(sql: SQL, target: NoteTarget): Promise<StaffNote[]> {
  const rows =
    target.kind === "report"
      ? await sql`SELECT * FROM (SELECT * FROM staff_notes WHERE report_id = ${target.id}
        ORDER BY id DESC LIMIT 500) newest ORDER BY id`
      : await sql`SELECT * FROM (SELECT * FROM staff_notes WHERE conversation_id = ${target.id}
        ORDER BY id DESC LIMIT 500) newest ORDER BY id`;
  return withMentions(sql, rows as NoteRow[]);
}

export async function findNote(sql: SQL, id: string): Promise<StaffNote | null> {
  const rows = await sql`SELECT * FROM staff_notes WHERE id = ${id}`;
  const [note] = await withMentions(sql, rows as NoteRow[]);
  return note ?? null;
}

async function addMentions(sql: SQL, noteId: string, userIds: readonly string[]): Promise<void> {
  for (const userId of userIds)
    await sql`INSERT INTO staff_note_mentions (note_id, user_id) VALUES (${noteId}, ${userId})`;
}

/** Writes a note and its mentions (the caller's transaction); answers the note's id. */
export async function insertNote(
  sql: SQL,
  target: NoteTarget,
  author: { id: string; name: string },
  text: string,
  mentionIds: readonly string[],
): Promise<string> {
  const id = Bun.randomUUIDv7();
  const reportId = target.kind === "report" ? target.id : null;
  const conversationId = target.kind === "conversation" ? target.id : null;
  await sql`INSERT INTO staff_notes (id, project_id, report_id, conversation_id, author_id, author_name, text, created_at)
    VALUES (${id}, ${target.projectId}, ${reportId}, ${conversationId}, ${author.id}, ${author.name}, ${text},
      ${new Date().toISOString()})`;
  await addMentions(sql, id, mentionIds);
  return id;
}

/**
 * New text for a note; mentions follow it. An admin mentioned before keeps their mention as it was
 * (seen or not); answers the admins mentioned for the first time, who are alerted.
 */
export async function updateNote(
  sql: SQL,
  id: string,
  text: string,
  mentionIds: readonly string[],
): Promise<string[]> {
  await sql`UPDATE staff_notes SET text = ${text}, updated_at = ${new Date().toISOString()} WHERE id = ${id}`;
  const before = new Set(
    (
      (await sql`SELECT user_id FROM staff_note_mentions WHERE note_id = ${id}`) as Array<{ user_id: string }>
    ).map((row) => row.user_id),
  );
  const dropped = [...before].filter((userId) => !mentionIds.includes(userId));
  if (dropped.length > 0)
    await sql`DELETE FROM staff_note_mentions WHERE note_id = ${id} AND user_id IN ${sql(dropped)}`;
  const added = mentionIds.filter((userId) => !before.has(userId));
  await addMentions(sql, id, added);
  return added;
}

export async function deleteNote(sql: SQL, id: string): Promise<void> {
  await sql`DELETE FROM staff_notes WHERE id = ${id}`;
}

/** The admin opened the item: their mentions in its notes stop counting. */
export async function markMentionsSeen(sql: SQL, userId: string, target: NoteTarget): Promise<void> {
  const now = new Date().toISOString();
  if (target.kind === "report")
    await sql`UPDATE staff_note_mentions SET seen_at = ${now} WHERE user_id = ${userId} AND seen_at IS NULL
      AND note_id IN (SELECT id FROM staff_notes WHERE report_id = ${target.id})`;
  else
    await sql`UPDATE staff_note_mentions SET seen_at = ${now} WHERE user_id = ${userId} AND seen_at IS NULL
      AND note_id IN (SELECT id FROM staff_notes WHERE conversation_id = ${target.id})`;
}
