import type { Migration } from "../migrations.ts";

/**
 * Security and privacy: feedback reports get quotas, and their stored parts can no longer
 * outlive a crash without a row.
 *
 * - `report_quota_usage`: one row per quota scope (a session, a client IP, a project) and fixed
 *   window, counting the reports and body bytes admitted in it. Reserving is one upsert per scope in
 *   a transaction, so every process sharing the database counts into the same window, and a restart
 *   forgets nothing. `expires_at` (epoch milliseconds) lets the sweep drop ended windows, IPs with them.
 * - `report_file_writes`: a storage key is journalled before its file is written and the entry is
 *   deleted in the transaction that inserts the report's row. An entry left behind names a file
 *   without a row (the process died in between); the sweep deletes the file, then the entry.
 */
export const reportQuotas: Migration = {
  id: 11,
  name: "011-report-quotas",
  statements: [
    `CREATE TABLE report_quota_usage (
      key TEXT PRIMARY KEY,
      reports INTEGER NOT NULL DEFAULT 0,
      bytes BIGINT NOT NULL DEFAULT 0,
      expires_at BIGINT NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX report_quota_usage_expiry ON report_quota_usage (expires_at)`,
    `CREATE TABLE report_file_writes (
      storage_key TEXT PRIMARY KEY,
      started_at BIGINT NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX report_file_writes_started ON report_file_writes (started_at)`,
  ],
};
