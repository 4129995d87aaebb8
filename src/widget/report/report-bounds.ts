import { fitReport } from "../common/report/fit-report.ts";
import type { KeptReport } from "./report-outbox.ts";

/**
 * At most this many reports per project wait on a device: a visitor offline for long does not fill
 * the site's storage. A report past it is posted once, not kept, and the visitor told if it failed.
 */
export const maxKeptReports = 10;
/**
 * And at most this many bytes of them (a report may have up to 20 MB, `maxReportBytes`). A report that
 * does not fit what is left is trimmed as for the server's limit (replay, then the picture, then the
 * page snapshot; what the visitor wrote stays); if even that does not fit, it is posted once, not kept.
 */
export const maxKeptBytes = 24 * 1024 * 1024;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const sizeOf = (report: KeptReport) => report.bytes ?? jsonBytes(report.body);

/**
 * The body to keep next to `kept`, within the bounds: as it is, trimmed to the room left, or null
 * when there is no room (too many kept, or not even what the visitor wrote fits).
 */
export function boundedBody(
  body: Record<string, unknown>,
  kept: readonly KeptReport[],
): { body: Record<string, unknown>; bytes: number } | null {
  if (kept.length >= maxKeptReports) return null;
  const room = maxKeptBytes - kept.reduce((sum, report) => sum + sizeOf(report), 0);
  const bytes = jsonBytes(body);
  if (bytes <= room) return { body, bytes };
  const trimmed = fitReport(body, room);
  const trimmedBytes = jsonBytes(trimmed);
  return trimmedBytes <= room ? { body: trimmed, bytes: trimmedBytes } : null;
}
