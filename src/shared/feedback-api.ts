import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  size,
  string,
  type,
  union,
  unknown,
} from "superstruct";

/** Caps of spec §9 / the widget API issue: longer lists keep their newest entries. */
export const reportCaps = { consoleLog: 500, networkLogs: 70, customEventLog: 500 } as const;

/** Largest accepted report body (HTML snapshot and replay included). */
export const maxReportBytes = 20 * 1024 * 1024;

export const reportPriorities = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;

export const ConsoleLogEntry = type({
  log: size(string(), 0, 10_000),
  date: optional(string()),
  priority: optional(string()),
});

export const CustomEvent = type({
  name: size(string(), 1, 255),
  date: optional(string()),
  data: optional(unknown()),
});

/** The capture's picture (the admin's thumbnail): a JPEG, PNG or WebP data URL of at most ~1.5 MB. */
export const maxScreenshotImageChars = 2_000_000;

/** The page a screenshot or a replay was taken of: its address, the window's size, a phone or not. */
const capturedPageFields = {
  baseUrl: optional(string()),
  width: optional(number()),
  height: optional(number()),
  isMobile: optional(boolean()),
};

export const ScreenshotData = type({
  html: optional(string()),
  image: optional(
    size(pattern(string(), /^data:image\/(jpeg|png|webp);base64,/), 0, maxScreenshotImageChars),
  ),
  ...capturedPageFields,
  x: optional(number()),
  y: optional(number()),
});

export const WebReplay = type({
  // Epoch milliseconds or ISO text, depending on the client version.
  startDate: optional(union([number(), string()])),
  events: array(unknown()),
  ...capturedPageFields,
  type: optional(string()),
});

/**
 * `POST {api}/bugs/v2`: the whole feedback report (spec §3 "Feedback report"). The top level is strict
 * (an unknown key is a 400); the nested log entries and metadata are open, as clients add fields.
 */
export const FeedbackReportRequest = object({
  type: defaulted(pattern(string(), /^[A-Z][A-Z_]{0,31}$/), "BUG"),
  priority: defaulted(enums(reportPriorities), "LOW"),
  customData: optional(record(string(), unknown())),
  ticketAttributes: optional(record(string(), unknown())),
  metaData: optional(record(string(), unknown())),
  consoleLog: optional(array(ConsoleLogEntry)),
  networkLogs: optional(array(record(string(), unknown()))),
  customEventLog: optional(array(CustomEvent)),
  formData: optional(record(string(), unknown())),
  isSilent: optional(boolean()),
  outbound: optional(nullable(size(string(), 0, 128))),
  screenshotData: optional(nullable(ScreenshotData)),
  webReplay: optional(nullable(WebReplay)),
  screenRecordingUrl: optional(nullable(size(string(), 0, 2048))),
  spamToken: optional(nullable(size(string(), 0, 512))),
  tags: optional(array(size(string(), 1, 64))),
  excludeData: optional(record(string(), boolean())),
});
export type FeedbackReportRequest = Infer<typeof FeedbackReportRequest>;
