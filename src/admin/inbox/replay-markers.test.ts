import { describe, expect, test } from "bun:test";
import { markerPosition, replayMarkers } from "./replay-markers.ts";
import type { ConsoleEntry, NetworkEntry } from "./report-detail-view.ts";

const start = 1_700_000_000_000;
const line = (text: string, level: ConsoleEntry["level"], time: number | null): ConsoleEntry => ({
  text,
  level,
  date: null,
  time,
});
const request = (url: string, time: number, over: Partial<NetworkEntry> = {}): NetworkEntry => ({
  url,
  method: "POST",
  resource: false,
  initiatorType: null,
  status: 200,
  statusText: "",
  duration: 5,
  failed: false,
  date: null,
  time,
  requestHeaders: [],
  requestPayload: "",
  responseText: "",
  ...over,
});
const click = (time: number, type = 2) => ({
  type: 3,
  timestamp: time,
  data: { source: 2, type, id: 9, x: 1, y: 1 },
});

const events = [
  { type: 4, timestamp: start, data: { href: "https://acme.test/", width: 800, height: 600 } },
  { type: 2, timestamp: start + 10, data: {} },
  click(start + 2_000),
  { type: 3, timestamp: start + 2_100, data: { source: 2, type: 1, id: 9 } }, // a mouse down is no click
  { type: 3, timestamp: start + 2_500, data: { source: 1, positions: [] } },
  click(start + 6_000, 4),
  { type: 3, timestamp: start + 10_000, data: { source: 3, x: 0, y: 40 } },
];

describe("replay markers", () => {
  test("clicks, errors, failed requests and the report's moment, in time order", () => {
    const markers = replayMarkers({
      events,
      consoleLog: [
        line("button#export Export", "CLICK", start + 2_300),
        line("a.help Help", "CLICK", start + 8_000),
        line("Export failed: 500", "ERROR", start + 3_000),
        line("Slow response", "WARNING", start + 3_100),
        line("before the replay", "ERROR", start - 60_000),
        line("no time", "ERROR", null),
      ],
      networkLogs: [
        request("https://acme.test/api/export", start + 2_900, { status: 500 }),
        request("https://acme.test/api/notes", start + 1_000),
        request("https://acme.test/offline", start + 4_000, { status: null, failed: true }),
        request("https://acme.test/app.js", start + 500, {
          method: "RESOURCE",
          resource: true,
          status: null,
        }),
      ],
      reportedAt: start + 12_000,
      start,
      duration: 10_000,
    });
    expect(markers).toEqual([
      { kind: "click", offset: 2_000, detail: "button#export Export" },
      { kind: "request", offset: 2_900, detail: "POST https://acme.test/api/export" },
      { kind: "error", offset: 3_000, detail: "Export failed: 500" },
      { kind: "request", offset: 4_000, detail: "POST https://acme.test/offline" },
      { kind: "click", offset: 6_000, detail: "" },
      { kind: "click", offset: 8_000, detail: "a.help Help" },
      { kind: "report", offset: 10_000, detail: "" },
    ]);
  });

  test("a report inside the replay marks its moment; one from before it marks nothing", () => {
    const base = { events, consoleLog: [], networkLogs: [], start, duration: 10_000 };
    expect(replayMarkers({ ...base, reportedAt: start + 4_000 }).find((m) => m.kind === "report")).toEqual({
      kind: "report",
      offset: 4_000,
      detail: "",
    });
    expect(replayMarkers({ ...base, reportedAt: start - 5_000 }).some((m) => m.kind === "report")).toBe(
      false,
    );
    expect(replayMarkers({ ...base, reportedAt: null }).some((m) => m.kind === "report")).toBe(false);
  });

  test("a logged click lends its name to one recorded click only", () => {
    const markers = replayMarkers({
      events: [click(start + 1_000), click(start + 1_200)],
      consoleLog: [line("button#save Save", "CLICK", start + 1_150)],
      networkLogs: [],
      reportedAt: null,
      start,
      duration: 5_000,
    });
    expect(markers.map((marker) => marker.detail)).toEqual(["", "button#save Save"]);
  });

  test("positions along the timeline", () => {
    expect(markerPosition(2_500, 10_000)).toBe(25);
    expect(markerPosition(12_000, 10_000)).toBe(100);
    expect(markerPosition(5, 0)).toBe(0);
  });
});
