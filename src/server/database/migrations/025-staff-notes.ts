import type { Migration } from "../migrations.ts";

/**
 * Notes and mentions, the unread e-mail: Internal notes live in their own table, never
 * beside the messages: every visitor-facing read selects from `conversation_messages` or the report,
 * so a note cannot leak through a query that forgot a filter. A note belongs to exactly one report or
 * one conversation; an admin who is deleted leaves their notes with the name they wrote them under.
 *
 * A mention waits for its admin until they open the item (`seen_at`); the index serves the alert count.
 *
 * `unread_mailed_message_id` is the newest visitor message the unread e-mail was sent about, so a
 * burst of unread messages is mailed once. Conversations that exist now start as mailed up to their
 * newest visitor message: the first check after an upgrade must not mail about old unread messages.
 */
export const staffNotes: Migration = {
  id: 25,
  name: "025-staff-notes",
  statements: [
    `CREATE TABLE staff_notes (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      report_id TEXT REFERENCES feedback_reports (id) ON DELETE CASCADE,
      conversation_id TEXT REFERENCES conversations (id) ON DELETE CASCADE,
      author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      author_name TEXT NOT NULL,
      text TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT,
      CHECK ((report_id IS NULL AND conversation_id IS NOT NULL)
        OR (report_id IS NOT NULL AND conversation_id IS NULL))
    )`,
    `CREATE INDEX staff_notes_report ON staff_notes (report_id, id)`,
    `CREATE INDEX staff_notes_conversation ON staff_notes (conversation_id, id)`,
    `CREATE TABLE staff_note_mentions (
      note_id TEXT NOT NULL REFERENCES staff_notes (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      seen_at TEXT,
      PRIMARY KEY (note_id, user_id)
    )`,
    `CREATE INDEX staff_note_mentions_user ON staff_note_mentions (user_id, seen_at)`,
    `ALTER TABLE conversations ADD COLUMN unread_mailed_message_id TEXT`,
    `UPDATE conversations SET unread_mailed_message_id = (SELECT max(m.id) FROM conversation_messages m
      WHERE m.conversation_id = conversations.id AND m.author = 'visitor')`,
  ],
};
