import type { SQL } from "bun";

/** What one quota window has counted so far. */
export interface QuotaUsage {
  reports: number;
  bytes: number;
}

/**
 * Adds to a window's counts, creating the window, and answers the new totals. One statement, atomic
 * on SQLite and PostgreSQL alike, so parallel reservations from any process never lose a count.
 */
export async function reserveQuotaUsage(
  sql: SQL,
  key: string,
  reports: number,
  bytes: number,
  expiresAt: number,
): Promise<QuotaUsage> {
  const [row] = await sql`INSERT INTO report_quota_usage (key, reports, bytes, expires_at)
    VALUES (${key}, ${reports}, ${bytes}, ${expiresAt})
    ON CONFLICT (key) DO UPDATE SET
      reports = report_quota_usage.reports + ${reports},
      bytes = report_quota_usage.bytes + ${bytes}
    RETURNING reports, bytes`;
  // PostgreSQL answers BIGINT as text.
  return { reports: Number(row.reports), bytes: Number(row.bytes) };
}

/** Changes an existing window's counts (a refund); a window already swept stays gone. */
export async function addQuotaUsage(sql: SQL, key: string, reports: number, bytes: number): Promise<void> {
  await sql`UPDATE report_quota_usage SET reports = reports + ${reports}, bytes = bytes + ${bytes}
    WHERE key = ${key}`;
}

export async function deleteEndedQuotaWindows(sql: SQL, now: number): Promise<void> {
  await sql`DELETE FROM report_quota_usage WHERE expires_at <= ${now}`;
}
