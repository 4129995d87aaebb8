import { FeedbackReportRequest, reportCaps } from "../../../shared/feedback-api.ts";
import { reportJsonShapeLimits } from "../../http/json-shape.ts";
import { type BodyResult, parseJsonText, validateBody } from "../../http/read-json-body.ts";
import { type ReportSearchText, reportSearchText } from "../search/search-text.ts";
import { reportBodyHash } from "./report-idempotency.ts";
import { checkReportRequest } from "./report-request-check.ts";
import { compressPart } from "./stored-part-encoding.ts";

/** HTML snapshots above this go to file storage; smaller ones stay in the row. */
export const inlineHtmlLimit = 64 * 1024;

/**
 * Above this many characters of JSON, the row's logs (and a snapshot's HTML kept in the row) are
 * stored as one zstd-compressed value (`packed_parts`) instead of as text: a report's logs at their
 * caps are some 130 KB, which made the row most of a report's size on disk and most of the write.
 */
export const packPartsAbove = 2048;

/** What `packed_parts` holds (JSON, compressed): the row's large parts, each left out of its column. */
export interface PackedReportParts {
  consoleLog: unknown[];
  networkLogs: unknown[];
  customEventLog: unknown[];
  /** The snapshot's HTML when it stays with the row (at most {@link inlineHtmlLimit}). */
  html?: string;
}

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
  /** The logs as JSON text, or `[]` each when they are in {@link ReportRowText.packedParts}. */
  consoleLog: string;
  networkLogs: string;
  customEventLog: string;
  /** {@link PackedReportParts} as zstd-compressed JSON, or null when the parts are small. */
  packedParts: Uint8Array | null;
  customData: string;
  ticketAttributes: string;
  excludeData: string;
  /** The screenshot data, without its HTML when that goes to storage; null without a screenshot. */
  screenshot: string | null;
  screenRecordingUrl: string | null;
  /** What the report is searched by, read here on the parser's thread (search-text.ts). */
  search?: ReportSearchText;
}

/** A valid report, ready to store: its row, and the parts that go to file storage as bytes. */
export interface PreparedReport {
  row: ReportRowText;
  /** The HTML of a snapshot above {@link inlineHtmlLimit}, zstd-compressed UTF-8. */
  snapshotHtml: Uint8Array | null;
  /** The web replay as zstd-compressed JSON. */
  webReplay: Uint8Array | null;
  /** The body's SHA-256, which tells a repeat under an `Idempotency-Key` from another report. */
  bodyHash: string;
}

export type ReportPreparation =
  | { ok: true; report: PreparedReport }
  | { ok: false; status: number; error: string; field?: string };

const newest = <T>(list: T[] | undefined, cap: number): T[] => (list ?? []).slice(-cap);

/**
 * The request's checks, in the order and with the answers of every other JSON route. A valid report
 * passes the schema's fast check; superstruct runs only on one that does not (and answers why).
 */
function parseReport(bytes: Uint8Array): BodyResult<FeedbackReportRequest> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const data = parseJsonText(text, reportJsonShapeLimits);
  if (!data.ok) return data;
  const checked = checkReportRequest(data.value);
  if (checked) return { ok: true, value: checked };
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
  // Here, on the parser's thread: hashing a 20 MB body takes some 20 ms of CPU.
  const bodyHash = reportBodyHash(bytes);
  const parsed = parseReport(bytes);
  collect();
  if (!parsed.ok) {
    const { error, field } = (await parsed.response.json()) as { error: string; field?: string };
    return { ok: false, status: parsed.response.status, error, ...(field === undefined ? {} : { field }) };
  }
  const report = parsed.value;

  let screenshot: Record<string, unknown> | null = null;
  let snapshotHtml: Uint8Array | null = null;
  let inlineHtml: string | undefined;
  if (report.screenshotData) {
    const { html, ...rest } = report.screenshotData;
    screenshot = rest;
    if (html !== undefined && Buffer.byteLength(html, "utf8") > inlineHtmlLimit)
      snapshotHtml = compressPart(html);
    else inlineHtml = html;
  }
  const webReplay = report.webReplay ? compressPart(JSON.stringify(report.webReplay)) : null;
  const parts: PackedReportParts = {
    consoleLog: newest(report.consoleLog, reportCaps.consoleLog),
    networkLogs: newest(report.networkLogs, reportCaps.networkLogs),
    customEventLog: newest(report.customEventLog, reportCaps.customEventLog),
    ...(inlineHtml === undefined ? {} : { html: inlineHtml }),
  };
  const partsJson = JSON.stringify(parts);
  const packedParts = partsJson.length > packPartsAbove ? compressPart(partsJson) : null;
  if (!packedParts && inlineHtml !== undefined) screenshot = { ...screenshot, html: inlineHtml };
  const logText = (list: unknown[]) => (packedParts ? "[]" : JSON.stringify(list));
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
        consoleLog: logText(parts.consoleLog),
        networkLogs: logText(parts.networkLogs),
        customEventLog: logText(parts.customEventLog),
        packedParts,
        customData: JSON.stringify(report.customData ?? {}),
        ticketAttributes: JSON.stringify(report.ticketAttributes ?? {}),
        excludeData: JSON.stringify(report.excludeData ?? {}),
        screenshot: screenshot === null ? null : JSON.stringify(screenshot),
        screenRecordingUrl: report.screenRecordingUrl ?? null,
        search: reportSearchText({
          formData: report.formData,
          metaData: report.metaData,
          customData: report.customData,
          consoleLog: parts.consoleLog,
          networkLogs: parts.networkLogs,
        }),
      },
      snapshotHtml,
      webReplay,
      bodyHash,
    },
  };
}
