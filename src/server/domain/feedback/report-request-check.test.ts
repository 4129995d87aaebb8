import { describe, expect, test } from "bun:test";
import { FeedbackReportRequest } from "../../../shared/feedback-api.ts";
import { validateUntrusted } from "../../../shared/untrusted-validation.ts";
import { realisticReport, realisticReportOfMix } from "../../test-support/realistic-report.ts";
import { checkReportRequest } from "./report-request-check.ts";

/** superstruct's verdict and value, the reference the fast check must never contradict. */
const reference = (data: unknown) => validateUntrusted(data, FeedbackReportRequest, { coerce: true });

/** The fast check accepts only what superstruct accepts, with superstruct's value. */
function expectAgreement(data: unknown) {
  const fast = checkReportRequest(structuredClone(data));
  const [error, value] = reference(structuredClone(data));
  if (fast !== null) {
    expect(error).toBeUndefined();
    expect(fast).toEqual(value as FeedbackReportRequest);
  }
  return { fast, error };
}

const valid = {
  type: "CRASH_REPORT",
  priority: "HIGH",
  customData: { plan: "pro" },
  ticketAttributes: {},
  metaData: { currentUrl: "https://a.example/" },
  consoleLog: [{ log: "x", date: "2026-01-01", priority: "INFO", extra: 1 }],
  networkLogs: [{ url: "https://a.example/api" }],
  customEventLog: [{ name: "pageView", date: "2026-01-01", data: { page: "/" } }],
  formData: { description: "broken" },
  isSilent: false,
  outbound: null,
  screenshotData: { html: "<p>", image: "data:image/png;base64,AAAA", width: 1, x: 0, isMobile: false },
  webReplay: { startDate: "2026-01-01", events: [{ type: 4 }], width: 10, type: "rrweb" },
  screenRecordingUrl: "https://a.example/r.webm",
  spamToken: "token",
  tags: ["a"],
  excludeData: { screenshot: true },
};

/** One change each that the schema refuses (or, for a few, accepts in a form the fast check leaves). */
const changes: Array<[string, unknown]> = [
  ["type", "bug"],
  ["type", 3],
  ["type", "A".repeat(40)],
  ["priority", "URGENT"],
  ["priority", null],
  ["customData", []],
  ["customData", "x"],
  ["metaData", null],
  ["consoleLog", [{ log: 1 }]],
  ["consoleLog", [{ log: "x".repeat(10_001) }]],
  ["consoleLog", [{ log: "x", date: 5 }]],
  ["consoleLog", [null]],
  ["consoleLog", {}],
  ["networkLogs", [[1]]],
  ["networkLogs", ["x"]],
  ["customEventLog", [{ name: "" }]],
  ["customEventLog", [{ name: "x".repeat(256) }]],
  ["customEventLog", [{ name: "x", date: 1 }]],
  ["formData", 1],
  ["isSilent", "yes"],
  ["outbound", "x".repeat(129)],
  ["outbound", 5],
  ["screenshotData", { html: 5 }],
  ["screenshotData", { image: "data:image/gif;base64,AAAA" }],
  ["screenshotData", { width: "1" }],
  ["screenshotData", []],
  ["webReplay", { events: "x" }],
  ["webReplay", {}],
  ["webReplay", { events: [], startDate: true }],
  ["screenRecordingUrl", "x".repeat(2049)],
  ["spamToken", "x".repeat(513)],
  ["tags", [""]],
  ["tags", ["x".repeat(65)]],
  ["tags", "a"],
  ["excludeData", { screenshot: "yes" }],
  ["unknownKey", 1],
  ["__proto__", { polluted: true }],
];

describe("checkReportRequest", () => {
  test("a full valid report passes, equal to superstruct's value", () => {
    expect(expectAgreement(valid).fast).not.toBeNull();
  });

  test("an empty report gets the schema's defaults", () => {
    expect(checkReportRequest({})).toEqual({ type: "BUG", priority: "LOW" });
    expect(expectAgreement({}).fast).not.toBeNull();
  });

  test("realistic reports pass, equal to superstruct's value", () => {
    for (let i = 0; i < 8; i++)
      expect(expectAgreement(JSON.parse(realisticReportOfMix(i))).fast).not.toBeNull();
    const large = realisticReport("check", {
      snapshotBytes: 5000,
      consoleEntries: 700,
      networkEntries: 90,
      pictureBytes: 100,
      replayEvents: 20,
    });
    expect(expectAgreement(JSON.parse(large)).fast).not.toBeNull();
  });

  test.each(changes)("a report with %s = %p is left to superstruct, which refuses it", (key, value) => {
    const data = JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as unknown;
    const { fast, error } = expectAgreement({ ...valid, ...(data as object) });
    expect(fast).toBeNull();
    // Arrays are objects to superstruct's `record`: those it accepts, and says so itself.
    if (!(key === "customData" && Array.isArray(value))) expect(error).toBeDefined();
  });

  test("anything but an object is left to superstruct", () => {
    for (const data of [null, [], "x", 1, true]) expect(checkReportRequest(data)).toBeNull();
  });
});
