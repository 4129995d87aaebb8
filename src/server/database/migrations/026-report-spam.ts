import type { Migration } from "../migrations.ts";

/**
 * Spam and abuse: a session whose report an admin marked as spam may send no more. The mark
 * sits on the session row because the widget's report path reads that row anyway (its `Gleap-Id`), so
 * refusing a blocked session costs no extra query. The "Spam" status itself needs no schema: report
 * statuses are free text checked by the API.
 */
export const reportSpam: Migration = {
  id: 26,
  name: "026-report-spam",
  statements: [`ALTER TABLE widget_sessions ADD COLUMN reports_blocked_at TEXT`],
};
