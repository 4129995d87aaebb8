import type { Migration } from "../migrations.ts";

/**
 * Security and privacy: task reports have a daily quota per user and hide a task only once
 * enough distinct users reported it.
 *
 * `tasks.hidden_by_reports` says the reports took the task out of play (as against an admin disabling
 * it by hand), so resolving them re-enables only what they disabled. Tasks disabled while they have an
 * open report were disabled by it under the old rule (one report disabled at once): they are marked, so
 * their resolution still brings them back; they stay hidden until then.
 *
 * `reports_reporter_created` serves the quota's count of one user's reports of the last 24 hours.
 */
export const accountAndTaskLimits: Migration = {
  id: 14,
  name: "014-account-and-task-limits",
  statements: [
    `ALTER TABLE tasks ADD COLUMN hidden_by_reports BOOLEAN NOT NULL DEFAULT FALSE`,
    `UPDATE tasks SET hidden_by_reports = TRUE
      WHERE enabled = FALSE
        AND EXISTS (SELECT 1 FROM reports r WHERE r.task_id = tasks.id AND r.resolved_at IS NULL)`,
    `CREATE INDEX reports_reporter_created ON reports (reporter_id, created_at)`,
  ],
};
