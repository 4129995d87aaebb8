import type { ReportRowText } from "../domain/feedback/report-preparation.ts";

/** A stored report's columns with nothing in them: a low bug, no logs, no files. Tests set what they need. */
export const emptyReportRow: ReportRowText = {
  type: "BUG",
  priority: "LOW",
  isSilent: false,
  outbound: null,
  spamToken: null,
  tags: "[]",
  formData: "{}",
  metaData: "{}",
  consoleLog: "[]",
  networkLogs: "[]",
  customEventLog: "[]",
  packedParts: null,
  customData: "{}",
  ticketAttributes: "{}",
  excludeData: "{}",
  screenshot: null,
  screenRecordingUrl: null,
};
