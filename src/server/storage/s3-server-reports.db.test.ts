import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { S3Client } from "bun";
import { logIn } from "../test-support/api-calls.ts";
import { expectRangedReads } from "../test-support/ranged-reads.ts";
import { startWidgetSession } from "../test-support/report-test-support.ts";
import { s3ServerEnv } from "../test-support/s3-server-env.ts";
import { type FakeS3, startFakeS3 } from "../test-support/s3rver.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { fixtureTimeoutMs, processTestTimeoutMs } from "../test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * The real server with `S3_*` set, against s3rver on loopback: a report's snapshot and replay, and a
 * visitor's recording, go to the bucket and come back through the admin API and the file route (ranges
 * answered from S3). The checks stay at the HTTP level (what the admin reads equals what the widget
 * sent), so they hold however the parts are encoded in the bucket.
 */
let s3: FakeS3;
let bucket: S3Client;
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  s3 = await startFakeS3("server-reports");
  bucket = new S3Client({ ...s3.target });
  server = await startTestServer(s3ServerEnv(s3.target));
  adminToken = await logIn(server.mainUrl, "admin", "admin");
}, fixtureTimeoutMs);

afterAll(async () => {
  await server?.dispose();
  await s3?.stop();
});

const keysUnder = async (prefix: string) =>
  ((await bucket.list({ prefix })).contents ?? []).map((item) => item.key);

/** Nothing of a file kind lands in DATA_DIR when S3 holds the files. */
async function expectNoLocalFiles() {
  expect(await readdir(server.dataDir)).not.toContain("files");
}

function replayOf(events: number) {
  return {
    startDate: 1767261600000,
    events: Array.from({ length: events }, (_, index) => ({
      type: 3,
      timestamp: 1767261600000 + index * 16,
      data: { source: 1, positions: [{ x: index % 1280, y: (index * 7) % 720, id: 4, timeOffset: 0 }] },
    })),
    baseUrl: "https://customer.example/",
    width: 1280,
    height: 720,
    isMobile: false,
    type: "rrweb",
  };
}

async function fileReport(body: unknown): Promise<string> {
  const response = await fetch(`${server.mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(await startWidgetSession(server.mainUrl)) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function adminReads(id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.mainUrl}/api/feedback/${id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("reports with S3 storage (S3_BUCKET set)", () => {
  test("a report's large snapshot and its replay go to the bucket and read back as sent", async () => {
    // Past the size kept inline in the row, so the snapshot is a file of its own.
    const html = `<!doctype html><html><body>${"<p>a page of the shop, with ünïcödé ✓</p>".repeat(6000)}</body></html>`;
    const screenshotData = {
      html,
      baseUrl: "https://customer.example/",
      width: 1280,
      height: 720,
      isMobile: false,
    };
    const webReplay = replayOf(3000);
    const id = await fileReport({
      type: "BUG",
      formData: { description: "Snapshot and replay on S3" },
      screenshotData,
      webReplay,
    });

    expect((await keysUnder(`reports/${id}/`)).length).toBeGreaterThanOrEqual(2);
    await expectNoLocalFiles();
    const report = await adminReads(id);
    expect(report.formData).toEqual({ description: "Snapshot and replay on S3" });
    expect(report.screenshotData).toEqual(screenshotData);
    expect(report.webReplay).toEqual(webReplay);
  });

  test("reports read back one by one while others are being filed keep their own parts", async () => {
    const sent = await Promise.all(
      [1, 2, 3, 4].map(async (index) => {
        const screenshotData = {
          html: `<main>${`report ${index} `.repeat(9000)}</main>`,
          baseUrl: "https://a.example/",
        };
        const webReplay = replayOf(200 * index);
        const id = await fileReport({
          formData: { description: `Report ${index}` },
          screenshotData,
          webReplay,
        });
        return { id, screenshotData, webReplay };
      }),
    );
    for (const { id, screenshotData, webReplay } of sent) {
      const report = await adminReads(id);
      expect(report.screenshotData).toEqual(screenshotData);
      expect(report.webReplay).toEqual(webReplay);
    }
  });

  test("a report whose stored part is gone from the bucket still reads, without that part", async () => {
    const id = await fileReport({
      formData: { description: "Part lost" },
      screenshotData: { html: `<p>${"lost ".repeat(30_000)}</p>`, baseUrl: "https://a.example/" },
      webReplay: replayOf(50),
    });
    for (const key of await keysUnder(`reports/${id}/`)) await bucket.delete(key);
    const report = await adminReads(id);
    expect(report.formData).toEqual({ description: "Part lost" });
    expect(report.webReplay).toBeNull();
    expect((report.screenshotData as { html: unknown }).html).toBeNull();
  });
});

describe("a visitor's recording with S3 storage: ranged reads come from the bucket", () => {
  test("single, open and suffix ranges answer 206 with the bytes S3 holds; past the end is 416", async () => {
    const recording = Uint8Array.from({ length: 300_000 }, (_, index) => (index * 31) % 251);
    recording.set([0x1a, 0x45, 0xdf, 0xa3]);
    const form = new FormData();
    form.append("file", new Blob([recording], { type: "video/webm" }), "blob");
    const uploaded = await fetch(`${server.mainUrl}/api/widget/uploads/sdk`, {
      method: "POST",
      headers: await startWidgetSession(server.mainUrl),
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { fileUrl } = (await uploaded.json()) as { fileUrl: string };
    const name = fileUrl.split("/").pop() ?? "";
    // The bytes are in the bucket, not on this machine's disk.
    expect(await bucket.file(`uploads/${name}`).bytes()).toEqual(recording);
    await expectNoLocalFiles();

    const ranged = async (range: string) => fetch(fileUrl, { headers: { Range: range }, redirect: "manual" });
    await expectRangedReads(ranged, recording, [
      {
        range: "bytes=100000-100099",
        status: 206,
        contentRange: `bytes 100000-100099/${recording.length}`,
        slice: [100_000, 100_100],
      },
      { range: "bytes=299990-", status: 206, slice: [299_990] },
      {
        range: "bytes=-16",
        status: 206,
        contentRange: `bytes 299984-299999/${recording.length}`,
        slice: [-16],
      },
      { range: `bytes=${recording.length}-`, status: 416 },
    ]);
  });
});
