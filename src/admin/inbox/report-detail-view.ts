import type { ReportHeading } from "../../shared/inbox-api.ts";

/**
 * A report as the detail screen reads it. Everything under a report was written by a visitor's browser
 * (log entries and metadata are open shapes), so the answer is read defensively into these types once,
 * here: a missing field is null, text is text, and no screen meets an object where it expects a string.
 */

export interface ConsoleEntry {
  text: string;
  /** INFO, WARNING, ERROR or CLICK (spec §3); anything else reads as INFO. */
  level: ConsoleLevel;
  date: string | null;
  /** Epoch milliseconds of `date`, for the replay's timeline. */
  time: number | null;
}
export const consoleLevels = ["INFO", "WARNING", "ERROR", "CLICK"] as const;
export type ConsoleLevel = (typeof consoleLevels)[number];

export interface NetworkEntry {
  url: string;
  /** The HTTP method, or RESOURCE for a resource timing entry. */
  method: string;
  resource: boolean;
  initiatorType: string | null;
  status: number | null;
  statusText: string;
  duration: number | null;
  /** False only when no HTTP response arrived. */
  failed: boolean;
  date: string | null;
  time: number | null;
  requestHeaders: Array<[string, string]>;
  requestPayload: string;
  responseText: string;
}

export interface EventEntry {
  name: string;
  date: string | null;
  time: number | null;
  /** The event's data as indented JSON, or "" without data. */
  data: string;
}

export interface SnapshotView {
  html: string;
  /** The reported page's address, which the snapshot's relative addresses resolve against. */
  baseUrl: string | null;
  /** The capture's picture (a JPEG data URL), when the widget sent one. */
  image: string | null;
  /** The viewport the visitor saw: scroll position and size. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReplayView {
  events: Array<{ type: number; timestamp: number }>;
  /** The recorded page's address (the replay's, else its first meta event's). */
  baseUrl: string | null;
  width: number | null;
  height: number | null;
}

export interface ReportDetailView extends ReportHeading {
  sessionId: string | null;
  conversation: { id: string; shareToken: string } | null;
  /** Every other session field the server sent (phone, value, lang…), as label/value text. */
  session: Array<[string, string]>;
  formData: Array<[string, string]>;
  metaData: Array<[string, string]>;
  customData: Array<[string, string]>;
  consoleLog: ConsoleEntry[];
  networkLogs: NetworkEntry[];
  events: EventEntry[];
  snapshot: SnapshotView | null;
  replay: ReplayView | null;
  recordingUrl: string | null;
}

/**
 * The props of a part of the report screen that changes the report (triage, pager, "mark as unread"):
 * the server answers with the whole report, which replaces the screen's copy.
 */
export interface ReportChangeProps {
  report: ReportDetailView;
  onChanged: (report: ReportDetailView) => void;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const finite = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function timeOf(date: string | null): number | null {
  if (!date) return null;
  const time = Date.parse(date);
  return Number.isNaN(time) ? null : time;
}

/** A value for a label/value row: text as it is, anything else as compact JSON. */
export function displayValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  try {
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  } catch {
    return "";
  }
}

const pairs = (value: unknown): Array<[string, string]> =>
  isObject(value)
    ? Object.entries(value)
        .map(([key, entry]): [string, string] => [key, displayValue(entry)])
        .filter(([, entry]) => entry !== "")
    : [];

function consoleEntry(value: unknown): ConsoleEntry | null {
  if (!isObject(value)) return null;
  const level = (consoleLevels as readonly unknown[]).includes(value.priority)
    ? (value.priority as ConsoleLevel)
    : "INFO";
  const date = text(value.date);
  return { text: displayValue(value.log), level, date, time: timeOf(date) };
}

function networkEntry(value: unknown): NetworkEntry | null {
  if (!isObject(value)) return null;
  const request = isObject(value.request) ? value.request : {};
  const response = isObject(value.response) ? value.response : {};
  const method = text(value.type) ?? "GET";
  const date = text(value.date);
  return {
    url: displayValue(value.url),
    method,
    resource: method === "RESOURCE",
    initiatorType: text(value.initiatorType),
    status: finite(response.status),
    statusText: text(response.statusText) ?? "",
    duration: finite(value.duration),
    failed: value.success === false,
    date,
    time: timeOf(date),
    requestHeaders: pairs(request.headers),
    requestPayload: displayValue(request.payload),
    responseText: displayValue(response.responseText),
  };
}

function eventEntry(value: unknown): EventEntry | null {
  if (!isObject(value)) return null;
  const date = text(value.date);
  let data = "";
  if (value.data !== undefined) {
    try {
      data = JSON.stringify(value.data, null, 2) ?? "";
    } catch {
      data = "";
    }
  }
  return { name: displayValue(value.name), date, time: timeOf(date), data };
}

function snapshotOf(value: unknown): SnapshotView | null {
  if (!isObject(value)) return null;
  const html = text(value.html);
  if (!html) return null;
  const image = text(value.image);
  return {
    html,
    baseUrl: text(value.baseUrl),
    image: image?.startsWith("data:image/") ? image : null,
    x: Math.max(0, finite(value.x) ?? 0),
    y: Math.max(0, finite(value.y) ?? 0),
    width: Math.max(1, finite(value.width) ?? 1280),
    height: Math.max(1, finite(value.height) ?? 800),
  };
}

function replayOf(value: unknown): ReplayView | null {
  if (!isObject(value)) return null;
  const events = list(value.events).filter(
    (event): event is { type: number; timestamp: number } =>
      isObject(event) && finite(event.type) !== null && finite(event.timestamp) !== null,
  );
  // rrweb needs a meta and a full snapshot (types 4 and 2) to draw anything at all.
  if (!events.some((event) => event.type === 2)) return null;
  const meta = events.find((event) => event.type === 4) as { data?: unknown } | undefined;
  const baseUrl = text(value.baseUrl) ?? (isObject(meta?.data) ? text(meta.data.href) : null);
  return { events, baseUrl, width: finite(value.width), height: finite(value.height) };
}

/** Only http(s) recordings play: a `javascript:` or other scheme from a report never reaches `src`. */
function recordingOf(value: unknown, base: string): string | null {
  const url = text(value);
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

const compact = <T>(values: Array<T | null>): T[] => values.filter((value): value is T => value !== null);

/** The `GET /api/feedback/{id}` answer, read for the detail screen; `base` resolves a relative recording URL. */
export function reportDetailView(answer: unknown, base: string): ReportDetailView {
  const report = isObject(answer) ? answer : {};
  const session = isObject(report.session) ? report.session : {};
  const formData = isObject(report.formData) ? report.formData : {};
  const metaData = isObject(report.metaData) ? report.metaData : {};
  const reporter = isObject(report.reporter) ? report.reporter : {};
  const assignee = isObject(report.assignee) ? report.assignee : null;
  const conversation = isObject(report.conversation) ? report.conversation : null;
  const email =
    text(reporter.email) ?? text(session.email) ?? text(formData.reportedBy) ?? text(formData.email);
  return {
    id: displayValue(report.id),
    shortId: displayValue(report.shortId),
    projectId: displayValue(report.projectId),
    type: text(report.type) ?? "BUG",
    status: text(report.status) ?? "OPEN",
    priority: text(report.priority) ?? "LOW",
    tags: list(report.tags).filter((tag): tag is string => typeof tag === "string"),
    createdAt: displayValue(report.createdAt),
    sessionId: text(report.sessionId),
    assignee:
      assignee && text(assignee.id) ? { id: String(assignee.id), name: displayValue(assignee.name) } : null,
    conversation:
      conversation && text(conversation.id)
        ? { id: String(conversation.id), shareToken: displayValue(conversation.shareToken) }
        : null,
    reporter: {
      email,
      name: text(reporter.name) ?? text(session.name),
      userId: text(reporter.userId) ?? text(session.userId),
    },
    session: pairs(session).filter(([key]) => !["email", "name", "userId", "id"].includes(key)),
    formData: pairs(formData),
    metaData: pairs(metaData),
    customData: pairs(report.customData),
    page: text(metaData.currentUrl),
    consoleLog: compact(list(report.consoleLog).map(consoleEntry)),
    networkLogs: compact(list(report.networkLogs).map(networkEntry)),
    events: compact(list(report.customEventLog).map(eventEntry)),
    snapshot: snapshotOf(report.screenshotData),
    replay: replayOf(report.webReplay),
    recordingUrl: recordingOf(report.screenRecordingUrl, base),
  };
}
