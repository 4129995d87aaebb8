import type { SQL } from "bun";

/**
 * Spam and abuse: a report marked as spam stops its session's further reports; taken out of
 * spam again, it lets the session report once more unless another of its reports is still spam. The
 * mark is `widget_sessions.reports_blocked_at` (migration 026), which the widget's report path reads
 * with the session it authenticates anyway. A session merged into a user's (identify) hands its
 * reports to that one, and its old id is read as the merged session, so the report's session is the
 * one to mark.
 */

const sessionsOf = (sql: SQL, reportIds: readonly string[]) =>
  sql`SELECT r.session_id FROM feedback_reports r
    WHERE r.id IN ${sql([...reportIds])} AND r.session_id IS NOT NULL`;

export async function blockReportSessions(sql: SQL, reportIds: readonly string[]): Promise<void> {
  if (reportIds.length === 0) return;
  await sql`UPDATE widget_sessions SET reports_blocked_at = ${new Date().toISOString()}
    WHERE reports_blocked_at IS NULL AND id IN (${sessionsOf(sql, reportIds)})`;
}

/** Lifts the mark from the listed reports' sessions that have no report left in spam. */
export async function unblockReportSessions(sql: SQL, reportIds: readonly string[]): Promise<void> {
  if (reportIds.length === 0) return;
  await sql`UPDATE widget_sessions SET reports_blocked_at = NULL
    WHERE reports_blocked_at IS NOT NULL AND id IN (${sessionsOf(sql, reportIds)})
      AND NOT EXISTS (SELECT 1 FROM feedback_reports spam
        WHERE spam.session_id = widget_sessions.id AND spam.status = 'SPAM')`;
}
