import { maxReportBytes } from "../../../shared/feedback-api.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Keeps the report under the server's limit (20 MB): the replay goes first, then the capture's
 * picture, then the page snapshot; what the visitor wrote always goes.
 */
export function fitReport(report: Record<string, unknown>, limit = maxReportBytes * 0.97) {
  if (jsonBytes(report) <= limit) return report;
  const { webReplay: _, ...withoutReplay } = report;
  if (jsonBytes(withoutReplay) <= limit || !isObject(report.screenshotData)) return withoutReplay;
  const { image: __, ...page } = report.screenshotData;
  const withoutImage = { ...withoutReplay, screenshotData: page };
  if (jsonBytes(withoutImage) <= limit) return withoutImage;
  const { screenshotData: ___, ...bare } = withoutReplay;
  return bare;
}
