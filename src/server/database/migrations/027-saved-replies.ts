import type { Migration } from "../migrations.ts";

/**
 * Saved replies, staff attachments, round-robin: * - `saved_replies`: a project's canned answers; the shortcut is what staff type after `/` in a
 *   composer, so it is unique within the project.
 * - `users.available`: an admin who takes new work; round-robin only picks among them.
 * - `widget_projects.auto_assign` and `auto_assign_last_user_id`: the per-project switch, and whose
 *   turn it was last, so the next new conversation or report goes to the next available admin after
 *   them (ids in order, wrapping round). Forgetting a deleted admin just restarts the round.
 * - `uploads.staff_user_id`: a staff attachment has no widget session; its quotas count per admin.
 */
export const savedReplies: Migration = {
  id: 27,
  name: "027-saved-replies",
  statements: [
    `CREATE TABLE saved_replies (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      shortcut TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE UNIQUE INDEX saved_replies_shortcut ON saved_replies (project_id, shortcut)`,
    `ALTER TABLE users ADD COLUMN available BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE widget_projects ADD COLUMN auto_assign BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE widget_projects ADD COLUMN auto_assign_last_user_id TEXT REFERENCES users (id) ON DELETE SET NULL`,
    `ALTER TABLE uploads ADD COLUMN staff_user_id TEXT REFERENCES users (id) ON DELETE SET NULL`,
    `CREATE INDEX uploads_staff_created ON uploads (staff_user_id, created_at, size)`,
  ],
};
