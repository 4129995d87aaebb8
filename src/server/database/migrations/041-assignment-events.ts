import type { Migration } from "../migrations.ts";

/**
 * Every change of a report's or conversation's assignee, kept as a row: the item's timeline shows
 * assignments, reassignments and unassignments, and the new assignee's notice lives on the row.
 *
 * An event belongs to one report or one conversation (the code writes exactly one of the two; no
 * CHECK, so a database filled by tools column by column takes rows too) and goes with it. Each person
 * is kept by id and by the name they had then: a timeline names them as they are called now, and a
 * deleted admin by that name. No one at all in `by_*` is round robin.
 *
 * `seen_at` is when the new assignee opened the item after it came to them (set at once when they took
 * it themselves); `mailed_at` when the unread digest told them of it. The index on the assignee serves
 * their count and the digest; the others the two timelines.
 */
export const assignmentEvents: Migration = {
  id: 41,
  name: "041-assignment-events",
  statements: [
    `CREATE TABLE assignment_events (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      report_id TEXT REFERENCES feedback_reports (id) ON DELETE CASCADE,
      conversation_id TEXT REFERENCES conversations (id) ON DELETE CASCADE,
      from_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      from_name TEXT,
      to_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      to_name TEXT,
      by_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      by_name TEXT,
      created_at TEXT NOT NULL,
      seen_at TEXT,
      mailed_at TEXT
    )`,
    `CREATE INDEX assignment_events_report ON assignment_events (report_id, id)`,
    `CREATE INDEX assignment_events_conversation ON assignment_events (conversation_id, id)`,
    `CREATE INDEX assignment_events_assignee ON assignment_events (to_user_id, seen_at)`,
  ],
};
