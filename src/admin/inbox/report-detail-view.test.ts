import { describe, expect, test } from "bun:test";
import { displayValue, reportDetailView } from "./report-detail-view.ts";

const base = "https://admin.example.com/dashboard/inbox/r1";

describe("reportDetailView", () => {
  test("reads a report as the widget sends it", () => {
    const view = reportDetailView(
      {
        id: "r1",
        shortId: "FB-7",
        projectId: "p1",
        type: "BUG",
        status: "IN_PROGRESS",
        priority: "HIGH",
        tags: ["billing", 3],
        createdAt: "2026-11-01T10:00:00.000Z",
        sessionId: "s1",
        assignee: { id: "u1", name: "Bo" },
        conversation: { id: "c1", shareToken: "tok" },
        session: { email: "ada@example.com", name: "Ada", phone: "+49 1", value: 12, lang: "de" },
        formData: { description: "Export fails", capture: "screenshot", empty: "" },
        metaData: { currentUrl: "https://acme.test/notes", screenWidth: 1280 },
        customData: { plan: { tier: "pro" } },
        consoleLog: [
          { log: "boom", date: "2026-11-01T09:59:58.000Z", priority: "ERROR" },
          { log: "clicked", priority: "CLICK" },
          { log: "odd", priority: "SHOUT" },
          "not an entry",
        ],
        networkLogs: [
          {
            url: "https://acme.test/api/export",
            type: "POST",
            date: "2026-11-01T09:59:57.000Z",
            duration: 120,
            request: { payload: '{"a":1}', headers: { "content-type": "application/json" } },
            response: { status: 500, statusText: "Internal Server Error", responseText: "nope" },
            success: true,
          },
          { type: "RESOURCE", url: "https://acme.test/app.js", duration: 3, initiatorType: "script" },
          { url: "https://acme.test/offline", type: "GET", request: {}, response: {}, success: false },
        ],
        customEventLog: [
          { name: "export-clicked", date: "2026-11-01T09:59:56.000Z", data: { id: 1 } },
          { name: "x" },
        ],
        screenshotData: {
          html: "<html></html>",
          image: "data:image/jpeg;base64,AA",
          x: 0,
          y: 300,
          width: 1024,
          height: 700,
        },
        webReplay: {
          events: [{ type: 4, timestamp: 1 }, { type: 2, timestamp: 2 }, { bad: true }],
          width: 1024,
        },
        screenRecordingUrl: "/api/files/uploads/rec.webm",
      },
      base,
    );
    expect(view).toMatchObject({
      id: "r1",
      shortId: "FB-7",
      status: "IN_PROGRESS",
      tags: ["billing"],
      assignee: { id: "u1", name: "Bo" },
      conversation: { id: "c1", shareToken: "tok" },
      reporter: { email: "ada@example.com", name: "Ada", userId: null },
      page: "https://acme.test/notes",
      recordingUrl: "https://admin.example.com/api/files/uploads/rec.webm",
    });
    expect(view.session).toEqual([
      ["phone", "+49 1"],
      ["value", "12"],
      ["lang", "de"],
    ]);
    expect(view.formData).toEqual([
      ["description", "Export fails"],
      ["capture", "screenshot"],
    ]);
    expect(view.customData).toEqual([["plan", '{"tier":"pro"}']]);
    expect(view.consoleLog.map((entry) => entry.level)).toEqual(["ERROR", "CLICK", "INFO"]);
    expect(view.consoleLog[0]?.time).toBe(Date.parse("2026-11-01T09:59:58.000Z"));
    expect(view.consoleLog[1]?.time).toBeNull();
    expect(view.networkLogs[0]).toMatchObject({
      method: "POST",
      status: 500,
      failed: false,
      requestHeaders: [["content-type", "application/json"]],
      requestPayload: '{"a":1}',
      responseText: "nope",
    });
    expect(view.networkLogs[1]).toMatchObject({ resource: true, initiatorType: "script", status: null });
    expect(view.networkLogs[2]?.failed).toBe(true);
    expect(view.events[0]?.data).toBe('{\n  "id": 1\n}');
    expect(view.events[1]?.data).toBe("");
    expect(view.snapshot).toMatchObject({
      y: 300,
      width: 1024,
      height: 700,
      image: "data:image/jpeg;base64,AA",
    });
    expect(view.replay?.events).toHaveLength(2);
  });

  test("falls back to the form's e-mail when there is no session", () => {
    expect(reportDetailView({ formData: { reportedBy: "x@example.com" } }, base).reporter.email).toBe(
      "x@example.com",
    );
  });

  test("a hostile or broken answer reads as an empty report, never throws", () => {
    for (const answer of [
      null,
      42,
      "x",
      [],
      { consoleLog: "x", networkLogs: {}, tags: null, formData: [] },
    ]) {
      const view = reportDetailView(answer, base);
      expect(view.consoleLog).toEqual([]);
      expect(view.snapshot).toBeNull();
      expect(view.replay).toBeNull();
    }
    const view = reportDetailView(
      {
        screenshotData: { html: "", image: "javascript:alert(1)" },
        webReplay: { events: [{ type: 4, timestamp: 1 }] },
        screenRecordingUrl: "javascript:alert(1)",
      },
      base,
    );
    expect(view.snapshot).toBeNull();
    expect(view.replay).toBeNull();
    expect(view.recordingUrl).toBeNull();
    const picture = reportDetailView({ screenshotData: { html: "<p>", image: "javascript:x" } }, base);
    expect(picture.snapshot?.image).toBeNull();
  });

  test("displayValue shows text as it is and the rest as JSON", () => {
    expect(displayValue("a")).toBe("a");
    expect(displayValue(3)).toBe("3");
    expect(displayValue(false)).toBe("false");
    expect(displayValue(null)).toBe("");
    expect(displayValue({ a: [1] })).toBe('{"a":[1]}');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(displayValue(loop)).toBe("");
  });
});
