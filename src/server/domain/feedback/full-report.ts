import { gunzipSync } from "node:zlib";
import type { FileStorage } from "../../storage/file-storage.ts";
import { type StoredReport, shortReportId } from "./feedback-repository.ts";

/** The report as the back office reads it: the stored parts loaded back in place. */
export async function fullReport(storage: FileStorage, report: StoredReport) {
  const { screenshotHtmlKey, webReplayKey, screenshot, ...rest } = report;
  let screenshotData = screenshot;
  if (screenshotHtmlKey) {
    const html = await storage.get(screenshotHtmlKey);
    screenshotData = { ...screenshot, html: html ? await html.text() : null };
  }
  let webReplay: unknown = null;
  if (webReplayKey) {
    const packed = await storage.get(webReplayKey);
    if (packed)
      webReplay = JSON.parse(gunzipSync(new Uint8Array(await packed.arrayBuffer())).toString("utf8"));
  }
  return { ...rest, shortId: shortReportId(report.number), screenshotData, webReplay };
}
