import type { Migration } from "../migrations.ts";

/**
 * One rating per user and task, and an explicit marker for automatic reports.
 *
 * `task_ratings` holds each user's current vote on a task; rating again with the other value moves it.
 * The `positive_ratings`/`negative_ratings` counters on `tasks` stay the totals every reader uses: the
 * ratings API changes them in the same transaction as the vote. Counts from before this migration
 * cannot be attributed to users and stay as they are; so do the votes of users deleted since (their
 * rows go with the account, their count stays).
 *
 * `reports.automatic` marks the DISLIKE reports the ratings rule files. Until now a null reporter
 * meant "automatic", but `reporter_id` also becomes null when the reporter's account is deleted
 * (ON DELETE SET NULL). Existing reports are marked by what the rule wrote: no reporter, reason
 * DISLIKE, and its "Automatic report: …" comment (or none, as the demo data filed them). A deleted
 * user's DISLIKE report without a comment cannot be told apart; it stays shown as automatic, as it
 * was before.
 */
export const taskRatings: Migration = {
  id: 8,
  name: "008-task-ratings",
  statements: [
    `CREATE TABLE task_ratings (
      task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      positive BOOLEAN NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (task_id, user_id)
    )`,
    // Deleting an account looks up its ratings by user.
    `CREATE INDEX task_ratings_user ON task_ratings (user_id)`,
    `ALTER TABLE reports ADD COLUMN automatic BOOLEAN NOT NULL DEFAULT FALSE`,
    `UPDATE reports SET automatic = TRUE
      WHERE reporter_id IS NULL AND reason = 'DISLIKE'
        AND (comment LIKE 'Automatic report:%' OR comment = '')`,
  ],
};
