import { describe, expect, test } from "bun:test";
import type { ConsoleEntry, NetworkEntry } from "./report-detail-view.ts";
import { isWidgetRequest, withoutWidgetNoise } from "./widget-noise.ts";

const own = ["https://feedback.acme.test", "https://messenger.acme.test"];
const line = (text: string): ConsoleEntry => ({ text, level: "INFO", date: null, time: null });
const request = (url: string) => ({ url, method: "GET" }) as NetworkEntry;

describe("the widget's own log entries", () => {
  test("its requests: the widget API and SDK files on the main origin, anything from the messenger", () => {
    expect(isWidgetRequest("https://feedback.acme.test/api/widget/sessions/ping", own)).toBe(true);
    expect(isWidgetRequest("https://feedback.acme.test/sdk/messenger-abc.js", own)).toBe(true);
    expect(isWidgetRequest("https://messenger.acme.test/?lang=en", own)).toBe(true);
    // The demo page lives on the main origin too: its own calls are the page's, not the widget's.
    expect(isWidgetRequest("https://feedback.acme.test/demo/api/cart", own)).toBe(false);
    expect(isWidgetRequest("https://shop.acme.test/api/widget/x", own)).toBe(false);
    expect(isWidgetRequest("not a url", own)).toBe(false);
    expect(isWidgetRequest("https://feedback.acme.test/api/widget/x", ["https://feedback.acme.test"])).toBe(
      true,
    );
  });

  test("hidden from both logs and counted; the page's own lines stay", () => {
    const noise = withoutWidgetNoise(
      {
        consoleLog: [
          line("Gleap: the product tour could not be shown"),
          line("Export failed: 500"),
          line("[Gleap] x"),
        ],
        networkLogs: [
          request("https://feedback.acme.test/api/widget/sessions/ping"),
          request("https://shop.acme.test/cart"),
        ],
      },
      own,
    );
    expect(noise.console.map((entry) => entry.text)).toEqual(["Export failed: 500"]);
    expect(noise.network.map((entry) => entry.url)).toEqual(["https://shop.acme.test/cart"]);
    expect(noise.hidden).toBe(3);
  });
});
