import { describe, expect, test } from "bun:test";
import { createRecordingHost } from "../common/chunk-context-test-support.ts";
import { buildCrashReport } from "./crash-report.ts";

const page = {
  html: "<!DOCTYPE html><p>page</p>",
  baseUrl: "https://shop.example/",
  width: 800,
  height: 600,
  isMobile: false,
  x: 0,
  y: 0,
};
const replay = { startDate: 1, events: [{ type: 4, timestamp: 1, data: {} }], type: "rrweb" };
/** The map the loader passes when the host passes none (loader/crash-reports.ts). */
const referenceDefault = { screenshot: true, replays: true, attachments: true };

async function crash(excludeData: unknown) {
  const host = createRecordingHost();
  Object.assign(host.answers, { pageSnapshot: page, replayData: replay });
  const report = await buildCrashReport(host, window, [{ description: "boom" }, "HIGH", excludeData]);
  return { report, asked: host.commands.map((command) => command.name) };
}

describe("a silent crash report's parts", () => {
  test("the reference's default map: neither the page snapshot nor the replay is taken or sent", async () => {
    const { report, asked } = await crash(referenceDefault);
    expect(asked).toEqual([]);
    expect(report).not.toHaveProperty("screenshotData");
    expect(report).not.toHaveProperty("webReplay");
    expect(report).toMatchObject({
      type: "CRASH",
      priority: "HIGH",
      isSilent: true,
      excludeData: referenceDefault,
    });
    expect(report.formData).toEqual({ description: "boom" });
  });

  test("false for screenshot and replays includes both", async () => {
    const { report, asked } = await crash({ screenshot: false, replays: false });
    expect(asked.sort()).toEqual(["pageSnapshot", "replayData"]);
    expect(report.screenshotData).toEqual(page);
    expect(report.webReplay).toEqual(replay);
  });

  test("a map the host passes replaces the default whole: a key it leaves out is included", async () => {
    const onlyScreenshot = await crash({ replays: true });
    expect(onlyScreenshot.report.screenshotData).toEqual(page);
    expect(onlyScreenshot.report).not.toHaveProperty("webReplay");
    const onlyReplay = await crash({ screenshot: true });
    expect(onlyReplay.report).not.toHaveProperty("screenshotData");
    expect(onlyReplay.report.webReplay).toEqual(replay);
    // As the reference: a null map excludes nothing.
    expect(Object.keys((await crash(null)).report)).toEqual(
      expect.arrayContaining(["screenshotData", "webReplay"]),
    );
  });

  test("other keys of the map leave their parts out as for any report", async () => {
    const { report } = await crash({ ...referenceDefault, consoleLog: true, customData: true });
    expect(report).not.toHaveProperty("consoleLog");
    expect(report).not.toHaveProperty("customData");
    expect(report).toHaveProperty("networkLogs");
  });

  test("a snapshot or replay that fails or is empty is left out; the report goes without it", async () => {
    const host = createRecordingHost({
      query: async (name) => {
        if (name === "pageSnapshot") throw new Error("snapshot failed");
        return { events: [] };
      },
    });
    const report = await buildCrashReport(host, window, [
      {},
      undefined,
      { screenshot: false, replays: false },
    ]);
    expect(report).not.toHaveProperty("screenshotData");
    expect(report).not.toHaveProperty("webReplay");
    expect(report.priority).toBe("MEDIUM");
  });
});
