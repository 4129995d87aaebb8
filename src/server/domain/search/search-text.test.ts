import { describe, expect, test } from "bun:test";
import { appendMessageText, messageSearchText, reportSearchText, searchTextLimits } from "./search-text.ts";

describe("reportSearchText", () => {
  test("reads the description first, failed requests, the page, custom data and console lines, errors first", () => {
    const text = reportSearchText({
      formData: { email: "ann@example.com", description: "Checkout broke", rating: 2, nested: { a: 1 } },
      metaData: { currentUrl: "https://shop.example/cart" },
      customData: { plan: "Pro", flags: ["beta", "eu"], profile: { tier: 3 } },
      consoleLog: [
        { log: "first info", priority: "INFO" },
        { log: "a warning", priority: "WARNING" },
        { log: "the error", priority: "ERROR" },
      ],
      networkLogs: [
        { type: "GET", url: "https://shop.example/ok", success: true, response: { status: 200 } },
        {
          type: "POST",
          url: "https://shop.example/api/pay",
          success: true,
          response: { status: 500, statusText: "Internal Server Error" },
        },
        { type: "GET", url: "https://cdn.example/font.woff", success: false },
      ],
    });
    expect(text).toEqual({
      description: "Checkout broke\nann@example.com\n2",
      page: "https://shop.example/cart",
      customData: 'plan: Pro\nflags: beta, eu\nprofile: {"tier":3}',
      network:
        "GET https://cdn.example/font.woff\nPOST https://shop.example/api/pay 500 Internal Server Error",
      console: "the error\na warning\nfirst info",
    });
  });

  test("takes any shape without throwing, and keeps each field within its bound", () => {
    expect(
      reportSearchText({ formData: "x", metaData: null, customData: [1], consoleLog: {}, networkLogs: "no" }),
    ).toEqual({ description: "", page: "", customData: "", network: "", console: "" });
    const long = reportSearchText({
      formData: { description: "d".repeat(10_000) },
      metaData: {},
      customData: {},
      consoleLog: Array.from({ length: 500 }, () => ({ log: "l".repeat(900), priority: "ERROR" })),
      networkLogs: [],
    });
    expect(long.description.length).toBe(searchTextLimits.description);
    expect(long.console.length).toBeLessThanOrEqual(searchTextLimits.console);
  });
});

describe("messages", () => {
  test("staff HTML is read as its text, a visitor's text as written", () => {
    expect(messageSearchText({ author: "staff", text: "<p>Try <b>this</b></p><p>&amp; that</p>" })).toBe(
      "Try this & that",
    );
    expect(messageSearchText({ author: "visitor", text: "<b>literally</b>" })).toBe("<b>literally</b>");
  });

  test("past the limit, the beginning and the newest part stay", () => {
    let text = "";
    for (let i = 0; i < 2000; i++) text = appendMessageText(text, `message number ${i}`);
    expect(text.length).toBeLessThanOrEqual(searchTextLimits.messages);
    expect(text.startsWith("message number 0\nmessage number 1\n")).toBe(true);
    expect(text.endsWith("message number 1999")).toBe(true);
    expect(text).toContain("\n…\n");
  });
});
