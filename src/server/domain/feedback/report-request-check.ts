import {
  type FeedbackReportRequest,
  maxScreenshotImageChars,
  reportPriorities,
} from "../../../shared/feedback-api.ts";

/**
 * The `FeedbackReportRequest` schema's rules as straight-line code, for the common case of a valid
 * report: superstruct's validation walks every log entry through generators and took two thirds of
 * a report's parse (2.6 ms of 4 for 200 KB). A body this accepts is one superstruct accepts, with the
 * same defaults; anything it is unsure of (a failure, an unusual but valid value) it leaves to
 * superstruct, which then answers, with its messages. So it may be stricter than the schema, never
 * looser; `report-request-check.test.ts` holds the two side by side.
 */

type Value = unknown;
type Dict = Record<string, Value>;

const isDict = (value: Value): value is Dict =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: Value): value is string => typeof value === "string";
const isNumber = (value: Value): value is number => typeof value === "number" && !Number.isNaN(value);
const optional = (value: Value, check: (value: Value) => boolean) => value === undefined || check(value);
const nullable = (value: Value, check: (value: Value) => boolean) =>
  value === undefined || value === null || check(value);
const stringOfLength = (min: number, max: number) => (value: Value) =>
  isString(value) && value.length >= min && value.length <= max;
const everyValue = (dict: Dict, check: (value: Value) => boolean) => {
  for (const key in dict) if (!check(dict[key])) return false;
  return true;
};
const everyItem = (list: Value, check: (value: Value) => boolean) => {
  if (!Array.isArray(list)) return false;
  for (const item of list) if (!check(item)) return false;
  return true;
};

const reportKeys = new Set([
  "type",
  "priority",
  "customData",
  "ticketAttributes",
  "metaData",
  "consoleLog",
  "networkLogs",
  "customEventLog",
  "formData",
  "isSilent",
  "outbound",
  "screenshotData",
  "webReplay",
  "screenRecordingUrl",
  "spamToken",
  "tags",
  "excludeData",
]);
const reportType = /^[A-Z][A-Z_]{0,31}$/;
const imageUrl = /^data:image\/(jpeg|png|webp);base64,/;
const priorities: ReadonlySet<unknown> = new Set(reportPriorities);

const consoleEntry = (entry: Value) =>
  isDict(entry) &&
  stringOfLength(0, 10_000)(entry.log) &&
  optional(entry.date, isString) &&
  optional(entry.priority, isString);

const customEvent = (event: Value) =>
  isDict(event) && stringOfLength(1, 255)(event.name) && optional(event.date, isString);

const screenshotData = (data: Value) =>
  isDict(data) &&
  optional(data.html, isString) &&
  optional(
    data.image,
    (image) => isString(image) && image.length <= maxScreenshotImageChars && imageUrl.test(image),
  ) &&
  optional(data.baseUrl, isString) &&
  optional(data.width, isNumber) &&
  optional(data.height, isNumber) &&
  optional(data.isMobile, (value) => typeof value === "boolean") &&
  optional(data.x, isNumber) &&
  optional(data.y, isNumber);

const webReplay = (replay: Value) =>
  isDict(replay) &&
  optional(replay.startDate, (value) => isNumber(value) || isString(value)) &&
  Array.isArray(replay.events) &&
  optional(replay.baseUrl, isString) &&
  optional(replay.width, isNumber) &&
  optional(replay.height, isNumber) &&
  optional(replay.isMobile, (value) => typeof value === "boolean") &&
  optional(replay.type, isString);

/**
 * The report with the schema's defaults when `data` is certainly a valid report, else null (it may
 * still be valid: ask superstruct). Nested values are the parsed ones, not copies.
 */
export function checkReportRequest(data: Value): FeedbackReportRequest | null {
  if (!isDict(data)) return null;
  for (const key in data) if (!reportKeys.has(key)) return null;
  const valid =
    optional(data.type, (type) => isString(type) && reportType.test(type)) &&
    optional(data.priority, (priority) => priorities.has(priority)) &&
    optional(data.customData, isDict) &&
    optional(data.ticketAttributes, isDict) &&
    optional(data.metaData, isDict) &&
    optional(data.consoleLog, (list) => everyItem(list, consoleEntry)) &&
    optional(data.networkLogs, (list) => everyItem(list, isDict)) &&
    optional(data.customEventLog, (list) => everyItem(list, customEvent)) &&
    optional(data.formData, isDict) &&
    optional(data.isSilent, (value) => typeof value === "boolean") &&
    nullable(data.outbound, stringOfLength(0, 128)) &&
    nullable(data.screenshotData, screenshotData) &&
    nullable(data.webReplay, webReplay) &&
    nullable(data.screenRecordingUrl, stringOfLength(0, 2048)) &&
    nullable(data.spamToken, stringOfLength(0, 512)) &&
    optional(data.tags, (list) => everyItem(list, stringOfLength(1, 64))) &&
    optional(
      data.excludeData,
      (dict) => isDict(dict) && everyValue(dict, (value) => typeof value === "boolean"),
    );
  if (!valid) return null;
  return { ...data, type: data.type ?? "BUG", priority: data.priority ?? "LOW" } as FeedbackReportRequest;
}
