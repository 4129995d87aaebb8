import { htmlToText } from "../rich-text/html-sanitizer.ts";

/**
 * What a report and a conversation are searched by, as plain text per field (migration 040's
 * columns). Everything here came from a visitor's browser: any shape is taken, nothing is trusted to
 * be a string, and each field is cut to a bound so one report cannot make the index large.
 */

/** A report's searched texts that are known when it is stored (the rest is kept current by triggers). */
export interface ReportSearchText {
  description: string;
  page: string;
  customData: string;
  network: string;
  console: string;
}

/** How many characters each field keeps: enough for what staff look for, bounded for the index. */
export const searchTextLimits = {
  description: 4000,
  page: 1000,
  customData: 2000,
  network: 2000,
  console: 4000,
  messages: 12_000,
  /** The start of a conversation's messages kept when they pass the limit: the question asked. */
  messagesHead: 3000,
  collected: 1000,
  value: 300,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A scalar as text (strings, numbers, booleans); null for anything else. */
function scalarText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** Any value as a line of text, cut to `limit` (objects as JSON). */
function valueText(value: unknown, limit: number): string {
  const scalar = scalarText(value);
  if (scalar !== null) return scalar.slice(0, limit);
  if (Array.isArray(value)) {
    const scalars = value.map(scalarText).filter((item): item is string => item !== null);
    if (scalars.length === value.length) return scalars.join(", ").slice(0, limit);
  }
  try {
    return (JSON.stringify(value) ?? "").slice(0, limit);
  } catch {
    return "";
  }
}

/** Lines joined until the next one would pass `limit`. */
function boundedLines(lines: Iterable<string>, limit: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (line === "") continue;
    if (length + line.length + 1 > limit) {
      if (kept.length === 0) kept.push(line.slice(0, limit));
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join("\n");
}

/** The form's texts: the description first, then every other field with a text or number value. */
function formText(formData: unknown): string {
  if (!isRecord(formData)) return "";
  const description = scalarText(formData.description);
  const others = Object.entries(formData)
    .filter(([key]) => key !== "description")
    .map(([, value]) => scalarText(value) ?? (Array.isArray(value) ? valueText(value, 500) : null))
    .filter((text): text is string => text !== null && text !== "");
  return boundedLines([description ?? "", ...others], searchTextLimits.description);
}

/** `key: value` per custom data entry (nested values as JSON). */
export function keyValueText(data: unknown, limit: number): string {
  if (!isRecord(data)) return "";
  return boundedLines(
    Object.entries(data).map(([key, value]) => `${key}: ${valueText(value, searchTextLimits.value)}`),
    limit,
  );
}

/** A request that failed: refused by the network, or answered 400 and above (or 0). */
function failedRequestLine(entry: unknown): string | null {
  if (!isRecord(entry)) return null;
  const response = isRecord(entry.response) ? entry.response : {};
  const status = typeof response.status === "number" ? response.status : Number(response.status);
  const failed = entry.success === false || (Number.isFinite(status) && (status >= 400 || status === 0));
  if (!failed) return null;
  const method = scalarText(entry.type) ?? "GET";
  const url = scalarText(entry.url) ?? "";
  const statusText = scalarText(response.statusText) ?? "";
  const code = Number.isFinite(status) ? String(status) : "";
  return [method, url.slice(0, 500), code, statusText.slice(0, 100)].filter(Boolean).join(" ");
}

const consolePriorityRank = (priority: unknown) => {
  const text = typeof priority === "string" ? priority.toUpperCase() : "";
  if (text.startsWith("ERR")) return 0;
  if (text.startsWith("WARN")) return 1;
  return 2;
};

/** Console lines, errors first, then warnings, then the rest, each group newest first. */
function consoleText(consoleLog: unknown): string {
  if (!Array.isArray(consoleLog)) return "";
  const entries = consoleLog
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => isRecord(entry) && typeof entry.log === "string")
    .map(({ entry, index }) => {
      const record = entry as { log: string; priority?: unknown };
      return { line: record.log.trim().slice(0, 1000), rank: consolePriorityRank(record.priority), index };
    });
  entries.sort((a, b) => a.rank - b.rank || b.index - a.index);
  return boundedLines(
    entries.map((entry) => entry.line),
    searchTextLimits.console,
  );
}

/** What a report is searched by, from its parts as stored (any of them may be of any shape). */
export function reportSearchText(report: {
  formData: unknown;
  metaData: unknown;
  customData: unknown;
  consoleLog: unknown;
  networkLogs: unknown;
}): ReportSearchText {
  const meta = isRecord(report.metaData) ? report.metaData : {};
  const network = Array.isArray(report.networkLogs) ? report.networkLogs : [];
  return {
    description: formText(report.formData),
    page: (scalarText(meta.currentUrl) ?? "").slice(0, searchTextLimits.page),
    customData: keyValueText(report.customData, searchTextLimits.customData),
    network: boundedLines(
      network
        .map(failedRequestLine)
        .filter((line): line is string => line !== null)
        .reverse(),
      searchTextLimits.network,
    ),
    console: consoleText(report.consoleLog),
  };
}

/** A message as searched: a visitor's text as written, staff and bot HTML as its text. */
export function messageSearchText(message: { author: string; text: string }): string {
  const text = message.author === "visitor" ? message.text : htmlToText(message.text);
  return text.replace(/\s+/g, " ").trim();
}

/**
 * A conversation's messages with one more: kept whole up to the limit, then its beginning (the
 * question asked) and its newest part, which is where a search finds what was said.
 */
export function appendMessageText(messages: string, next: string): string {
  if (next === "") return messages;
  const joined = messages === "" ? next : `${messages}\n${next}`;
  const { messages: limit, messagesHead: head } = searchTextLimits;
  if (joined.length <= limit) return joined;
  const start = joined.slice(0, head);
  const end = joined.slice(joined.length - (limit - head - 3));
  return `${start}\n…\n${end}`;
}
