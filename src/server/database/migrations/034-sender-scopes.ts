import type { Migration } from "../migrations.ts";

/**
 * Two checks that trusted what any holder of the public SDK key may send:
 *
 * - A report's `Idempotency-Key` was unique per project, so a key first used by one sender answered
 *   another sender's later report with the first one's record (and stored nothing). A key now belongs
 *   to its sender: `idempotency_scope` names the session (`session:<id>`) or, for a report sent
 *   without one, a keyed hash of the client address (`address:<hash>`), and the unique index counts
 *   per project, sender and key. `idempotency_body_hash` (SHA-256 of the body) tells a repeat of the
 *   same report from another report under a reused key. Reports stored before keep working as
 *   repeats of their session's own key; those stored without a session keep a NULL scope, which no
 *   new send matches.
 * - The install check kept the first 100 origins of a project and then nothing more, so made-up
 *   origins could fill it for good. `last_seen_at` lets it keep the most recently seen ones and drop
 *   the stalest when a new one comes.
 */
export const senderScopes: Migration = {
  id: 34,
  name: "034-sender-scopes",
  statements: [
    `ALTER TABLE feedback_reports ADD COLUMN idempotency_scope TEXT`,
    `ALTER TABLE feedback_reports ADD COLUMN idempotency_body_hash TEXT`,
    `UPDATE feedback_reports SET idempotency_scope = 'session:' || session_id
      WHERE idempotency_key IS NOT NULL AND session_id IS NOT NULL`,
    `DROP INDEX feedback_reports_idempotency`,
    `CREATE UNIQUE INDEX feedback_reports_idempotency_scope
      ON feedback_reports (project_id, idempotency_scope, idempotency_key)`,
    `ALTER TABLE widget_installations ADD COLUMN last_seen_at TEXT NOT NULL DEFAULT ''`,
    `UPDATE widget_installations SET last_seen_at = first_seen_at`,
    `CREATE INDEX widget_installations_recency ON widget_installations (project_id, last_seen_at)`,
  ],
};
