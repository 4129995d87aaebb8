import { afterEach, describe, expect, test } from "bun:test";
import { protectReport, withoutPrivateValues } from "./private-report.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

const card = "4929 7352 6608 2514";

function report() {
  return {
    type: "BUG",
    priority: "MEDIUM",
    formData: { description: `my card ${card} was refused` },
    customData: { lastCard: card },
    tags: [],
    metaData: { currentUrl: `https://shop.example/pay?card=${encodeURIComponent(card)}` },
    consoleLog: [
      { log: "typing 4929 73", date: "", priority: "INFO" },
      { log: `paying with ${card}`, date: "", priority: "INFO" },
    ],
    networkLogs: [
      {
        url: "https://shop.example/api/pay",
        type: "POST",
        request: { payload: JSON.stringify({ card }), headers: {} },
        response: { responseText: new URLSearchParams({ echo: card }).toString() },
      },
    ],
    customEventLog: [{ name: "paid", data: { card } }],
    screenshotData: { html: `<p data-card="${card}">4929 73</p>`, image: "data:image/jpeg;base64,AAAA" },
    webReplay: {
      events: [
        { type: 3, data: { text: card } },
        { type: 3, data: { text: "4929 73" } },
      ],
    },
  };
}

describe("a report without the page's private values", () => {
  test("logs, custom data, metadata and event log lose values and typed prefixes; captures whole values", () => {
    const stars = "*".repeat(card.length);
    const protectedReport = withoutPrivateValues(report(), { current: [], typed: [card] });
    expect(protectedReport).toMatchObject({
      type: "BUG",
      customData: { lastCard: stars },
      metaData: {
        currentUrl: `https://shop.example/pay?card=${"*".repeat(encodeURIComponent(card).length)}`,
      },
      consoleLog: [{ log: "typing *******" }, { log: `paying with ${stars}` }],
      customEventLog: [{ name: "paid", data: { card: stars } }],
      screenshotData: { html: `<p data-card="${stars}">4929 73</p>`, image: "data:image/jpeg;base64,AAAA" },
      webReplay: {
        events: [
          { type: 3, data: { text: stars } },
          { type: 3, data: { text: "4929 73" } },
        ],
      },
    });
    const network = protectedReport.networkLogs[0];
    expect(network?.request.payload).toBe(JSON.stringify({ card: stars }));
    expect(network?.response.responseText).toBe(`echo=${"*".repeat(card.length)}`);
    // A crash report's form comes from the page: scrubbed too.
    expect(protectedReport.formData.description).toBe(`my card ${stars} was refused`);
  });

  test("a feedback report keeps what the visitor wrote in the widget's form", () => {
    const protectedReport = withoutPrivateValues(
      report(),
      { current: [card], typed: [] },
      { visitorForm: true },
    );
    expect(protectedReport.formData.description).toBe(`my card ${card} was refused`);
    expect(protectedReport.customData.lastCard).toBe("*".repeat(card.length));
  });

  test("values too short are not looked for: 4 characters in logs, 6 in captures", () => {
    const protectedReport = withoutPrivateValues(
      {
        consoleLog: [{ log: "pin 123 and code 12345" }],
        webReplay: { events: [{ text: "code 12345, word abcdef" }] },
      },
      { current: ["123", "12345", "abcdef"], typed: [] },
    );
    expect(protectedReport.consoleLog[0]?.log).toBe("pin 123 and code *****");
    expect(protectedReport.webReplay.events[0]?.text).toBe("code 12345, word ******");
  });

  test("protectReport reads the page and the typed values; nothing private leaves the report as it was", () => {
    document.body.innerHTML = '<input type="password" value="page password">';
    const typedField = document.createElement("input");
    typedField.className = "gl-mask";
    const body = { consoleLog: [{ log: "page password / earlier-typed" }], formData: {} };
    expect(protectReport(body, [[typedField, "earlier-typed"]], window).consoleLog[0]?.log).toBe(
      "************* / *************",
    );
    const clean = { consoleLog: [{ log: "nothing" }] };
    document.body.innerHTML = "";
    expect(protectReport(clean, [], window)).toBe(clean);
  });
});
