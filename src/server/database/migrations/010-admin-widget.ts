import type { Migration } from "../migrations.ts";

/**
 * The admin's side of the widget: the feedback inbox's triage fields and per-admin read
 * marks, who outbound content is for and when it went live, and named tooltips. Same portable SQL as
 * every migration; every new column has a default, so rows written by older code (and tests that insert
 * rows directly) stay valid.
 */
export const adminWidget: Migration = {
  id: 10,
  name: "010-admin-widget",
  statements: [
    // Triage: who works on a report and when it last changed. The conversation is the one staff
    // opened with the reporter about it, reused by every later reply.
    `ALTER TABLE feedback_reports ADD COLUMN assignee_id TEXT REFERENCES users (id) ON DELETE SET NULL`,
    `ALTER TABLE feedback_reports ADD COLUMN updated_at TEXT`,
    `ALTER TABLE feedback_reports ADD COLUMN conversation_id TEXT REFERENCES conversations (id) ON DELETE SET NULL`,
    `CREATE INDEX feedback_reports_project ON feedback_reports (project_id, created_at)`,
    `CREATE INDEX feedback_reports_assignee ON feedback_reports (assignee_id, created_at)`,
    `CREATE INDEX feedback_reports_status ON feedback_reports (status, created_at)`,
    // One row per admin and report opened: the inbox's unread marker is personal, as in a mail client.
    `CREATE TABLE feedback_report_reads (
      report_id TEXT NOT NULL REFERENCES feedback_reports (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      read_at TEXT NOT NULL,
      PRIMARY KEY (report_id, user_id)
    )`,
    `CREATE INDEX feedback_report_reads_user ON feedback_report_reads (user_id)`,

    // Outbound content: its audience (all, identified, anonymous) and the first time it went live.
    `ALTER TABLE widget_outbounds ADD COLUMN audience TEXT NOT NULL DEFAULT 'all'`,
    `ALTER TABLE widget_outbounds ADD COLUMN published_at TEXT`,
    `CREATE INDEX widget_outbound_deliveries_outbound ON widget_outbound_deliveries (outbound_id, read_at)`,

    // Tooltips get a name for the admin's list and the same status words as outbound content.
    `ALTER TABLE widget_tooltips ADD COLUMN name TEXT NOT NULL DEFAULT ''`,
    `ALTER TABLE widget_tooltips ADD COLUMN updated_at TEXT`,
    `UPDATE widget_tooltips SET status = 'live' WHERE status = 'published'`,

    // The dashboard counts survey answers of the last days.
    `CREATE INDEX survey_answers_created ON survey_answers (created_at)`,
  ],
};
