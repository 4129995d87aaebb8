import { describe, expect, test } from "bun:test";
import {
  consoleEntryShown,
  isFiltering,
  networkEntryShown,
  noLogFilter,
  requestFailed,
} from "./log-filter.ts";
import type { ConsoleEntry, NetworkEntry } from "./report-detail-view.ts";

const line = (text: string, level: ConsoleEntry["level"]): ConsoleEntry => ({
  text,
  level,
  date: null,
  time: null,
});
const request = (over: Partial<NetworkEntry>): NetworkEntry => ({
  url: "https://acme.test/api/notes",
  method: "GET",
  resource: false,
  initiatorType: null,
  status: 200,
  statusText: "OK",
  duration: 12,
  failed: false,
  date: null,
  time: null,
  requestHeaders: [],
  requestPayload: "",
  responseText: "",
  ...over,
});

describe("log filter", () => {
  test("a request failed without an answer or with an error status; resources never did", () => {
    expect(requestFailed(request({}))).toBe(false);
    expect(requestFailed(request({ status: 302 }))).toBe(false);
    expect(requestFailed(request({ status: 404 }))).toBe(true);
    expect(requestFailed(request({ status: 503 }))).toBe(true);
    expect(requestFailed(request({ status: null, failed: true }))).toBe(true);
    expect(requestFailed(request({ status: null }))).toBe(false);
    expect(requestFailed(request({ method: "RESOURCE", resource: true, status: null, failed: true }))).toBe(
      false,
    );
  });

  test("failed only keeps the console's errors and the failed requests", () => {
    const filter = { failedOnly: true, query: "" };
    expect(consoleEntryShown(line("TypeError: x is undefined", "ERROR"), filter)).toBe(true);
    expect(consoleEntryShown(line("Slow response", "WARNING"), filter)).toBe(false);
    expect(consoleEntryShown(line("button#save", "CLICK"), filter)).toBe(false);
    expect(networkEntryShown(request({ status: 500 }), filter)).toBe(true);
    expect(networkEntryShown(request({}), filter)).toBe(false);
  });

  test("the search matches every word, in any case, in the text or the method, address and status", () => {
    const search = (query: string) => ({ failedOnly: false, query });
    expect(consoleEntryShown(line("Export failed: 500", "ERROR"), search("export 500"))).toBe(true);
    expect(consoleEntryShown(line("Export failed: 500", "ERROR"), search("EXPORT  404"))).toBe(false);
    expect(networkEntryShown(request({ method: "POST" }), search("post notes"))).toBe(true);
    expect(networkEntryShown(request({ status: 404, statusText: "Not Found" }), search("not found"))).toBe(
      true,
    );
    expect(networkEntryShown(request({}), search("export"))).toBe(false);
    expect(networkEntryShown(request({}), search("   "))).toBe(true);
  });

  test("both together narrow each other", () => {
    const filter = { failedOnly: true, query: "notes" };
    expect(networkEntryShown(request({ status: 500 }), filter)).toBe(true);
    expect(networkEntryShown(request({ status: 500, url: "https://acme.test/api/export" }), filter)).toBe(
      false,
    );
    expect(isFiltering(noLogFilter)).toBe(false);
    expect(isFiltering({ failedOnly: false, query: " " })).toBe(false);
    expect(isFiltering(filter)).toBe(true);
  });
});
