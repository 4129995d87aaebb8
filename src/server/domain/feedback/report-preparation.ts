import { FeedbackReportRequest, reportCaps } from "../../../shared/feedback-api.ts";
import { reportJsonShapeLimits } from "../../http/json-shape.ts";
import { type BodyResult, parseJsonText, validateBody } from "../../http/read-json-body.ts";

/** HTML snapshots above this go to file storage; smaller ones stay in the row. */
export const inlineHtmlLimit = 64 * 1024;

/** A report's row as it is inserted: the JSON columns already serialized. */
export interface ReportRowText {
  type: string;
  priority: string;
  isSilent: boolean;
  outbound: string | null;
  spamToken: string | null;
  tags: string;
  formData: string;
  metaData: string;
  consoleLog: string;
  networkLogs: string;
  customEventLog: string;
  customData: string;
  ticketAttributes: string;
  excludeData: string;
  /** The screenshot data, without its HTML when that goes to storage; null without a screenshot. */
  screenshot: string | null;
  screenRecordingUrl: string | null;
}

/** A valid report, ready to store: its row, and the parts that go to file storage as bytes. */
export interface PreparedReport {
  row: ReportRowText;
  /** UTF-8 HTML of a snapshot above {@link inlineHtmlLimit}. */
  snapshotHtml: Uint8Array | null;
  /** The web replay as gzip-compressed JSON. */
  webReplay: Uint8Array | null;
}

export type ReportPreparation =
  | { ok: true; report: PreparedReport }
  | { ok: false; status: number; error: string; field?: string };

const newest = <T>(list: T[] | undefined, cap: number): T[] => (list ?? []).slice(-cap);

/** The request's checks, in the order and with the answers of every other JSON route. */
function parseReport(bytes: Uint8Array): BodyResult<FeedbackReportRequest> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const data = parseJsonText(text, reportJsonShapeLimits);
  if (!data.ok) return data;
  return validateBody(data.value, FeedbackReportRequest);
}

/**
 * Turns a report body into what is stored: validated, logs cut to their caps, the large parts
 * encoded for storage. It is the CPU- and memory-heavy part of taking a report (about a third of a
 * second and a few times the body's size for 17 MB), so it runs on the parser's threads, never on
 * the thread that answers requests. `collect` runs between the steps that leave the most garbage.
 */
export async function prepareReport(
  bytes: Uint8Array,
  collect: () => void = () => undefined,
): Promise<ReportPreparation> {
  const parsed = parseReport(bytes);
  collect();
  if (!parsed.ok) {
    const { error, field } = (await parsed.response.json()) as { error: string; field?: string };
    return { ok: false, status: parsed.response.status, error, ...(field === undefined ? {} : { field }) };
  }
  const report = parsed.value;

  let screenshot: Record<string, unknown> | null = null;
  let snapshotHtml: Uint8Array | null = null;
  if (report.screenshotData) {
    const { html, ...rest } = report.screenshotData;
    screenshot = rest;
    if (html !== undefined && Buffer.byteLength(html, "utf8") > inlineHtmlLimit)
      snapshotHtml = new TextEncoder().encode(html);
    else if (html !== undefined) screenshot = { ...rest, html };
  }
  const webReplay = report.webReplay ? Bun.gzipSync(JSON.stringify(report.webReplay)) : null;
  collect();

  return {
    ok: true,
    report: {
      row: {
        type: report.type,
        priority: report.priority,
        isSilent: report.isSilent ?? false,
        outbound: report.outbound ?? null,
        spamToken: report.spamToken ?? null,
        tags: JSON.stringify(report.tags ?? []),
        formData: JSON.stringify(report.formData ?? {}),
        metaData: JSON.stringify(report.metaData ?? {}),
        consoleLog: JSON.stringify(newest(report.consoleLog, reportCaps.consoleLog)),
        networkLogs: JSON.stringify(newest(report.networkLogs, reportCaps.networkLogs)),
        customEventLog: JSON.stringify(newest(report.customEventLog, reportCaps.customEventLog)),
        customData: JSON.stringify(report.customData ?? {}),
        ticketAttributes: JSON.stringify(report.ticketAttributes ?? {}),
        excludeData: JSON.stringify(report.excludeData ?? {}),
        screenshot: screenshot === null ? null : JSON.stringify(screenshot),
        screenRecordingUrl: report.screenRecordingUrl ?? null,
      },
      snapshotHtml,
      webReplay,
    },
  };
}
