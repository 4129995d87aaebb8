import type { Migration } from "../migrations.ts";

/**
 * No report is lost: the widget keeps a report whose send failed and sends it again later,
 * so the server may receive one report twice (the first try arrived, its answer did not). Each report
 * carries the key its sender made for it (`Idempotency-Key`); the unique index per project makes a
 * second send of one key find the first report instead of storing another. Reports sent without a key
 * (older SDKs, the reference's) keep NULL, which the index never counts as a duplicate.
 */
export const reportIdempotency: Migration = {
  id: 15,
  name: "015-report-idempotency",
  statements: [
    `ALTER TABLE feedback_reports ADD COLUMN idempotency_key TEXT`,
    `CREATE UNIQUE INDEX feedback_reports_idempotency ON feedback_reports (project_id, idempotency_key)`,
  ],
};
