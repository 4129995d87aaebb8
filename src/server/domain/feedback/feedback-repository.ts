import type { SQL } from "bun";
import { insertReportDocuments } from "../search/search-documents.ts";
import { type ReportSearchText, reportSearchText } from "../search/search-text.ts";
import type { PackedReportParts, ReportRowText } from "./report-preparation.ts";
import { expandPartText } from "./stored-part-encoding.ts";

/** A stored report as the back office reads it, JSON columns parsed. */
export interface ReportFields {
  projectId: string;
  sessionId: string | null;
  type: string;
  priority: string;
  isSilent: boolean;
  outbound: string | null;
  spamToken: string | null;
  tags: string[];
  formData: Record<string, unknown>;
  metaData: Record<string, unknown>;
  consoleLog: unknown[];
  networkLogs: unknown[];
  customEventLog: unknown[];
  customData: Record<string, unknown>;
  ticketAttributes: Record<string, unknown>;
  excludeData: Record<string, boolean>;
  /** The screenshot data without its HTML, which lives in storage under `screenshotHtmlKey`. */
  screenshot: Record<string, unknown> | null;
  screenshotHtmlKey: string | null;
  webReplayKey: string | null;
  screenRecordingUrl: string | null;
}

export interface StoredReport extends ReportFields {
  id: string;
  number: number;
  status: string;
  createdAt: string;
}

export const initialReportStatus = "OPEN";

/** A report's row to insert: the route prepared its JSON columns as text (on a parser thread). */
export interface NewReportRow extends ReportRowText {
  projectId: string;
  sessionId: string | null;
  screenshotHtmlKey: string | null;
  webReplayKey: string | null;
  /** The sender's `Idempotency-Key` for this report; null when it sent none. */
  idempotency: ReportIdempotency | null;
}

/** A keyed report's key, whose it is (report-idempotency.ts) and the body it was sent with. */
export interface ReportIdempotency {
  key: string;
  /** The sender: unique with the project and the key. */
  scope: string;
  bodyHash: string;
}

/** What the insert answers: enough for the widget's answer and the inbox push. */
export interface CreatedReport {
  id: string;
  number: number;
  type: string;
  priority: string;
  status: string;
  createdAt: string;
}

/**
 * Inserts a report with the project's next number. Runs inside the caller's transaction: the counter
 * and the row commit together, so numbers are never skipped or shared even with concurrent reports.
 */
export async function insertReport(tx: SQL, id: string, report: NewReportRow): Promise<CreatedReport> {
  const createdAt = new Date().toISOString();
  const [counter] = await tx`UPDATE widget_projects SET report_counter = report_counter + 1
    WHERE id = ${report.projectId} RETURNING report_counter`;
  const number = Number(counter.report_counter);
  await tx`INSERT INTO feedback_reports (
      id, project_id, session_id, number, type, priority, status, is_silent, outbound, spam_token, tags,
      form_data, meta_data, console_log, network_logs, custom_event_log, custom_data, ticket_attributes,
      exclude_data, screenshot, screenshot_html_key, web_replay_key, screen_recording_url, idempotency_key,
      idempotency_scope, idempotency_body_hash, packed_parts, created_at)
    VALUES (
      ${id}, ${report.projectId}, ${report.sessionId}, ${number}, ${report.type}, ${report.priority},
      ${initialReportStatus}, ${report.isSilent}, ${report.outbound}, ${report.spamToken},
      ${report.tags}, ${report.formData}, ${report.metaData}, ${report.consoleLog}, ${report.networkLogs},
      ${report.customEventLog}, ${report.customData}, ${report.ticketAttributes}, ${report.excludeData},
      ${report.screenshot}, ${report.screenshotHtmlKey}, ${report.webReplayKey}, ${report.screenRecordingUrl},
      ${report.idempotency?.key ?? null}, ${report.idempotency?.scope ?? null},
      ${report.idempotency?.bodyHash ?? null}, ${report.packedParts}, ${createdAt})`;
  // Found by a search as soon as the report is answered (migration 040).
  await insertReportDocuments(tx, [
    { reportId: id, shortId: shortReportId(number), text: searchTextOf(report) },
  ]);
  return { id, number, type: report.type, priority: report.priority, status: initialReportStatus, createdAt };
}

/**
 * What a report is searched by: as the parser's thread read it, else (a row made by other code) from
 * the row's texts, without logs that were packed.
 */
function searchTextOf(report: NewReportRow): ReportSearchText {
  if (report.search) return report.search;
  const parsed = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };
  return reportSearchText({
    formData: parsed(report.formData),
    metaData: parsed(report.metaData),
    customData: parsed(report.customData),
    consoleLog: parsed(report.consoleLog),
    networkLogs: parsed(report.networkLogs),
  });
}

/** A report stored under a key, and the hash of its body (null for reports stored before hashes). */
export interface KeyedReport {
  report: CreatedReport;
  bodyHash: string | null;
}

/**
 * The report this sender already stored under its key, as its first send was answered (a new report's
 * status; staff may have moved it on since), with the hash of the body it came with: what a repeated
 * send is compared with and answered.
 */
export async function findReportByIdempotencyKey(
  sql: SQL,
  projectId: string,
  scope: string,
  key: string,
): Promise<KeyedReport | null> {
  const [row] = await sql`SELECT id, number, type, priority, created_at, idempotency_body_hash
    FROM feedback_reports
    WHERE project_id = ${projectId} AND idempotency_scope = ${scope} AND idempotency_key = ${key}`;
  if (!row) return null;
  return {
    report: {
      id: row.id,
      number: Number(row.number),
      type: row.type,
      priority: row.priority,
      status: initialReportStatus,
      createdAt: row.created_at,
    },
    bodyHash: row.idempotency_body_hash,
  };
}

interface ReportRow {
  id: string;
  project_id: string;
  session_id: string | null;
  number: number | string;
  type: string;
  priority: string;
  status: string;
  is_silent: boolean | number;
  outbound: string | null;
  spam_token: string | null;
  tags: string;
  form_data: string;
  meta_data: string;
  console_log: string;
  network_logs: string;
  custom_event_log: string;
  custom_data: string;
  ticket_attributes: string;
  exclude_data: string;
  screenshot: string | null;
  screenshot_html_key: string | null;
  web_replay_key: string | null;
  screen_recording_url: string | null;
  /** {@link PackedReportParts}, zstd-compressed JSON; null on small reports and those stored before. */
  packed_parts: Uint8Array | null;
  created_at: string;
}

function fromRow(row: ReportRow): StoredReport {
  const packed: PackedReportParts | null =
    row.packed_parts === null ? null : JSON.parse(expandPartText(row.packed_parts));
  let screenshot: Record<string, unknown> | null =
    row.screenshot === null ? null : JSON.parse(row.screenshot);
  if (packed?.html !== undefined) screenshot = { ...screenshot, html: packed.html };
  return {
    id: row.id,
    projectId: row.project_id,
    sessionId: row.session_id,
    number: Number(row.number),
    type: row.type,
    priority: row.priority,
    status: row.status,
    isSilent: Boolean(row.is_silent),
    outbound: row.outbound,
    spamToken: row.spam_token,
    tags: JSON.parse(row.tags),
    formData: JSON.parse(row.form_data),
    metaData: JSON.parse(row.meta_data),
    consoleLog: packed?.consoleLog ?? JSON.parse(row.console_log),
    networkLogs: packed?.networkLogs ?? JSON.parse(row.network_logs),
    customEventLog: packed?.customEventLog ?? JSON.parse(row.custom_event_log),
    customData: JSON.parse(row.custom_data),
    ticketAttributes: JSON.parse(row.ticket_attributes),
    excludeData: JSON.parse(row.exclude_data),
    screenshot,
    screenshotHtmlKey: row.screenshot_html_key,
    webReplayKey: row.web_replay_key,
    screenRecordingUrl: row.screen_recording_url,
    createdAt: row.created_at,
  };
}

export async function findReport(sql: SQL, id: string): Promise<StoredReport | null> {
  const [row] = await sql`SELECT * FROM feedback_reports WHERE id = ${id}`;
  return row ? fromRow(row) : null;
}

export function shortReportId(number: number): string {
  return `FB-${number}`;
}
