import type { FileStorage } from "../../storage/file-storage.ts";
import { type StoredReport, shortReportId } from "./feedback-repository.ts";
import { expandPartText } from "./stored-part-encoding.ts";

/**
 * The report as the back office reads it: the stored parts loaded back in place, expanded from
 * whichever format they were stored in (zstd now; plain snapshots and gzip replays from before).
 */
export async function fullReport(storage: FileStorage, report: StoredReport) {
  const { screenshotHtmlKey, webReplayKey, screenshot, ...rest } = report;
  let screenshotData = screenshot;
  if (screenshotHtmlKey) {
    const html = await storage.get(screenshotHtmlKey);
    screenshotData = { ...screenshot, html: html ? expandPartText(await html.bytes()) : null };
  }
  let webReplay: unknown = null;
  if (webReplayKey) {
    const packed = await storage.get(webReplayKey);
    if (packed) webReplay = JSON.parse(expandPartText(await packed.bytes()));
  }
  return { ...rest, shortId: shortReportId(report.number), screenshotData, webReplay };
}
