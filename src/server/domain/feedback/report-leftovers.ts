import type { SQL } from "bun";
import type { FileStorage } from "../../storage/file-storage.ts";
import { sweepOrphanReportFiles } from "./report-file-journal.ts";
import { deleteEndedQuotaWindows } from "./report-quota-usage.ts";

/**
 * What reports leave behind for later: ended quota windows (with the client IPs in their keys) and
 * files whose report never got its row. The server runs it at start and every minute.
 */
export async function sweepReportLeftovers(
  sql: SQL,
  storage: FileStorage,
  now: () => number = Date.now,
): Promise<{ orphanFiles: number }> {
  await deleteEndedQuotaWindows(sql, now());
  return { orphanFiles: await sweepOrphanReportFiles(sql, storage, now) };
}
