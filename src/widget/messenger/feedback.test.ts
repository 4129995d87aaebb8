import { afterEach, describe, expect, spyOn, test } from "bun:test";
import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import type { CaptureAnswer } from "../common/capture-data.ts";
import { sampleScreenshotData as screenshotData } from "../common/capture-data-test-support.ts";
import { createRecordingHost, emptyReportParts } from "../common/chunk-context-test-support.ts";
import { sendFeedback, sendingFailedText } from "./feedback.ts";

const webReplay = {
  startDate: 1,
  events: [{ type: 4, timestamp: 1, data: {} }],
  baseUrl: "https://shop.example",
  width: 1280,
  height: 800,
  isMobile: false,
  type: "rrweb",
};

function setup(answers: { captureData?: CaptureAnswer; replayData?: unknown } = {}, refuse = false) {
  const host = createRecordingHost(refuse ? { sendReport: () => Promise.reject(new Error("413")) } : {});
  Object.assign(host.answers, answers);
  const sent: HostToMessengerMessage[] = [];
  const emitted: string[] = [];
  const deps = {
    host,
    events: { emit: (name: string) => void emitted.push(name) },
    send: (message: HostToMessengerMessage) => void sent.push(message),
    window,
  };
  const send = (action: { feedbackType?: string; excludeData?: Record<string, boolean> } | null = null) =>
    sendFeedback({ name: "send-feedback", data: { formData: { description: "It broke" }, action } }, deps);
  return { host, sent, emitted, send };
}

const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

describe("a report with its capture and replay", () => {
  test("the screenshot, the recording's URL and the replay go into the report; the capture is forgotten after", async () => {
    const s = setup({
      captureData: {
        ok: true,
        type: "screenshot",
        screenshotData,
        screenRecordingUrl: "https://x/api/files/uploads/a.webm",
      },
      replayData: webReplay,
    });
    await s.send({ feedbackType: "BUG", excludeData: {} });
    const report = s.host.reports[0] as Record<string, unknown>;
    expect(report.screenshotData).toEqual(screenshotData);
    expect(report.screenRecordingUrl).toBe("https://x/api/files/uploads/a.webm");
    expect(report.webReplay).toEqual(webReplay);
    expect(s.host.commands.map((command) => command.name)).toEqual([
      "captureData",
      "replayData",
      "clearCapture",
    ]);
    expect(s.sent.map((message) => message.name)).toEqual(["feedback-sent"]);
  });

  test("no private value of the page is in any part sent; the visitor's own form stays as written", async () => {
    document.body.innerHTML = '<input id="card" class="gl-mask"><input id="password" type="password">';
    (document.getElementById("card") as HTMLInputElement).value = "4929 7352 6608";
    const password = document.getElementById("password") as HTMLInputElement;
    const host = createRecordingHost({
      query: async (name) =>
        name === "replayData"
          ? { ...webReplay, events: [{ type: 3, data: { text: "4929 7352 6608" } }] }
          : undefined,
      reportParts: () => ({
        ...emptyReportParts(),
        customData: { card: "4929 7352 6608" },
        consoleLog: [{ log: "typing hunter-pa", date: "", priority: "INFO" }],
        networkLogs: [
          { url: "https://shop.example/login", request: { payload: '{"password":"hunter-password"}' } },
        ],
        // Typed, then the form was cleared: known only from the loader's typed values.
        typedValues: [[password, "hunter-password"]],
      }),
    });
    await sendFeedback(
      { name: "send-feedback", data: { formData: { description: "card 4929 7352 6608" }, action: null } },
      { host, events: { emit: () => {} }, send: () => {}, window },
    );
    document.body.innerHTML = "";
    const report = host.reports[0] as Record<string, unknown>;
    const { formData, ...parts } = report;
    expect(formData).toEqual({ description: "card 4929 7352 6608" });
    const text = JSON.stringify(parts);
    expect(text).not.toContain("4929");
    expect(text).not.toContain("hunter");
    expect(text).toContain('"text":"**************"');
  });

  test("without a capture or a replay the report is sent as before", async () => {
    const s = setup();
    await s.send();
    const report = s.host.reports[0] as Record<string, unknown>;
    expect(report.screenshotData).toBeUndefined();
    expect(report.webReplay).toBeUndefined();
    expect(report.screenRecordingUrl).toBeUndefined();
  });

  test("the exclude map leaves parts out as the reference does", async () => {
    const s = setup({
      captureData: { ok: true, type: "screenshot", screenshotData, screenRecordingUrl: "https://x/r.webm" },
      replayData: webReplay,
    });
    await s.send({ excludeData: { screenshot: true, replays: true } });
    const report = s.host.reports[0] as Record<string, unknown>;
    expect(report.screenshotData).toBeUndefined();
    expect(report.webReplay).toBeUndefined();
    expect(report.screenRecordingUrl).toBe("https://x/r.webm");
    // An excluded replay is not even asked for.
    expect(s.host.commands.map((command) => command.name)).not.toContain("replayData");
  });

  test("a failed snapshot logs 'Gleap: Failed to take snapshot' and the report is not sent", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    spies.push(warn);
    const s = setup({ captureData: { ok: false, error: "cloning failed" } });
    await s.send();
    expect(warn).toHaveBeenCalledWith("Gleap: Failed to take snapshot", "cloning failed");
    expect(s.host.reports).toEqual([]);
    expect(s.sent).toEqual([{ name: "feedback-sending-failed", data: sendingFailedText }]);
    expect(s.emitted).toEqual(["error-while-sending"]);
    // The capture is kept: the visitor may try again.
    expect(s.host.commands.map((command) => command.name)).not.toContain("clearCapture");
  });

  test("a refused report keeps the capture", async () => {
    const s = setup({ captureData: { ok: true, type: "screenshot", screenshotData } }, true);
    await s.send();
    expect(s.sent.map((message) => message.name)).toEqual(["feedback-sending-failed"]);
    expect(s.host.commands.map((command) => command.name)).not.toContain("clearCapture");
  });
});

describe("a report the outbox kept", () => {
  test("the frame hears feedback-queued, not feedback-sent; hosts hear no feedback-sent; the capture is forgotten", async () => {
    const host = createRecordingHost({ sendReport: async () => ({ status: "queued" }) });
    host.answers.captureData = { ok: true, type: "screenshot", screenshotData };
    const sent: HostToMessengerMessage[] = [];
    const emitted: string[] = [];
    await sendFeedback(
      { name: "send-feedback", data: { formData: { description: "offline" }, action: null } },
      {
        host,
        events: { emit: (name: string) => void emitted.push(name) },
        send: (m) => void sent.push(m),
        window,
      },
    );
    expect(sent).toEqual([{ name: "feedback-queued" }]);
    expect(emitted).toEqual([]);
    expect(host.commands.map((command) => command.name)).toContain("clearCapture");
  });
});
