import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { reportCaps } from "../../../shared/feedback-api.ts";
import { createFileStorage } from "../../storage/create-file-storage.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { logIn } from "../../test-support/api-calls.ts";
import { emptyReportRow } from "../../test-support/empty-report-row.ts";
import {
  type RealisticReportOptions,
  realisticReport,
  realisticReportOfMix,
} from "../../test-support/realistic-report.ts";
import { s3ServerEnv } from "../../test-support/s3-server-env.ts";
import { type FakeS3, startFakeS3 } from "../../test-support/s3rver.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { findProjectBySdkKey } from "../projects/projects-repository.ts";
import { insertReport } from "./feedback-repository.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * A report's snapshot, replay and logs are stored compressed and read back by the
 * admin API as they were sent, from local files and from a bucket alike; reports stored before
 * (plain snapshot, gzip replay, logs as text) still read as they were.
 */

type Json = Record<string, unknown>;

/** The columns of a stored report that say where and how its parts were stored. */
interface StoredReportRow {
  screenshot: string;
  screenshot_html_key: string | null;
  web_replay_key: string | null;
  console_log: string;
  packed_parts: Uint8Array | null;
}

interface Backend {
  server: TestServer;
  storage: FileStorage;
  token: string;
}

async function post(backend: Backend, body: string): Promise<string> {
  const response = await fetch(`${backend.server.mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Api-Token": "demo" },
    body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function detail(backend: Backend, id: string): Promise<Json> {
  const response = await fetch(`${backend.server.mainUrl}/api/feedback/${id}`, {
    headers: { Authorization: `Bearer ${backend.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

/** What the admin must read back of a sent report: every part that is stored compressed. */
function expectSameParts(answer: Json, sent: Json) {
  expect(answer.consoleLog).toEqual((sent.consoleLog as unknown[]).slice(-reportCaps.consoleLog));
  expect(answer.networkLogs).toEqual((sent.networkLogs as unknown[]).slice(-reportCaps.networkLogs));
  expect(answer.customEventLog).toEqual(sent.customEventLog);
  expect(answer.screenshotData).toEqual(sent.screenshotData);
  expect(answer.webReplay).toEqual(sent.webReplay);
  expect(answer.formData).toEqual(sent.formData);
  expect(answer.metaData).toEqual(sent.metaData);
}

/** Bytes a report takes where it is stored: its row's values and its files. */
async function storedBytes(backend: Backend, id: string): Promise<number> {
  const [row] = await backend.server.db.sql`SELECT * FROM feedback_reports WHERE id = ${id}`;
  let bytes = 0;
  for (const value of Object.values(row as Json)) {
    if (typeof value === "string") bytes += Buffer.byteLength(value, "utf8");
    else if (value instanceof Uint8Array) bytes += value.byteLength;
  }
  for (const key of [row.screenshot_html_key, row.web_replay_key]) {
    if (typeof key === "string") bytes += (await backend.storage.get(key))?.size ?? 0;
  }
  return bytes;
}

function storageTests(start: () => Promise<Backend>, stop: () => Promise<void>) {
  let backend: Backend;
  beforeAll(async () => {
    backend = await start();
  }, processTestTimeoutMs);
  afterAll(stop);

  /**
   * Sends a realistic report of `options`, hands its stored row to `expectStored`, and expects the
   * admin to read back every compressed part as sent.
   */
  async function expectRoundTrip(
    seed: string,
    options: RealisticReportOptions,
    expectStored: (row: StoredReportRow, id: string) => Promise<void> | void,
  ) {
    const body = realisticReport(seed, options);
    const id = await post(backend, body);
    const [row] = await backend.server.db.sql`SELECT * FROM feedback_reports WHERE id = ${id}`;
    await expectStored(row, id);
    expectSameParts(await detail(backend, id), JSON.parse(body) as Json);
  }

  test("a realistic report with a large snapshot, a picture and a replay reads back as sent", async () => {
    await expectRoundTrip(
      "round-trip-large",
      {
        snapshotBytes: 150_000,
        consoleEntries: 600,
        networkEntries: 80,
        pictureBytes: 12_000,
        replayEvents: 800,
      },
      async (row, id) => {
        expect(row.screenshot_html_key).toBe(`reports/${id}/snapshot.html.zst`);
        expect(row.web_replay_key).toBe(`reports/${id}/replay.json.zst`);
        expect(row.console_log).toBe("[]");
        expect(row.packed_parts).toBeInstanceOf(Uint8Array);
        const stored = await (await backend.storage.get(row.screenshot_html_key ?? ""))?.bytes();
        expect([...(stored ?? new Uint8Array()).subarray(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
      },
    );
  });

  test("a snapshot small enough for the row is packed with the logs and reads back as sent", async () => {
    await expectRoundTrip(
      "round-trip-small",
      {
        snapshotBytes: 30_000,
        consoleEntries: 40,
        networkEntries: 5,
        pictureBytes: 0,
        replayEvents: 0,
      },
      (row) => {
        expect(row.screenshot_html_key).toBeNull();
        expect(JSON.parse(row.screenshot)).not.toHaveProperty("html");
        expect(row.packed_parts).toBeInstanceOf(Uint8Array);
      },
    );
  });

  test("a report stored before compression (plain snapshot, gzip replay, text logs) reads as it was", async () => {
    const sql = backend.server.db.sql;
    const project = await findProjectBySdkKey(sql, "demo");
    const id = Bun.randomUUIDv7();
    const html = `<!doctype html><p>${"stored plain ".repeat(8000)}</p>`;
    const webReplay = { startDate: 1767261600000, events: [{ type: 4, timestamp: 1767261600000 }] };
    const consoleLog = [{ log: "old line", priority: "INFO" }];
    const networkLogs = [{ type: "GET", url: "https://old.example/" }];
    await backend.storage.put(`reports/${id}/snapshot.html`, html, "text/html; charset=utf-8");
    await backend.storage.put(
      `reports/${id}/replay.json.gz`,
      gzipSync(JSON.stringify(webReplay)),
      "application/gzip",
    );
    await sql.begin((tx) =>
      insertReport(tx, id, {
        projectId: project?.id ?? "",
        sessionId: null,
        ...emptyReportRow,
        formData: JSON.stringify({ description: "from before" }),
        consoleLog: JSON.stringify(consoleLog),
        networkLogs: JSON.stringify(networkLogs),
        screenshot: JSON.stringify({ baseUrl: "https://old.example/", width: 800 }),
        screenshotHtmlKey: `reports/${id}/snapshot.html`,
        webReplayKey: `reports/${id}/replay.json.gz`,
        idempotency: null,
      }),
    );

    const answer = await detail(backend, id);
    expect(answer.consoleLog).toEqual(consoleLog);
    expect(answer.networkLogs).toEqual(networkLogs);
    expect(answer.customEventLog).toEqual([]);
    expect(answer.screenshotData).toEqual({ baseUrl: "https://old.example/", width: 800, html });
    expect(answer.webReplay).toEqual(webReplay);
  });

  test("a realistic mix of reports takes at most 0.3× its bodies where it is stored", async () => {
    let raw = 0;
    let stored = 0;
    for (let i = 0; i < 12; i++) {
      const body = realisticReportOfMix(i);
      raw += Buffer.byteLength(body, "utf8");
      stored += await storedBytes(backend, await post(backend, body));
    }
    const ratio = stored / raw;
    expect(ratio).toBeLessThanOrEqual(0.3);
    // Not a ratio that only text repeating itself could reach: the mix has pictures in it.
    expect(ratio).toBeGreaterThan(0.05);
  });
}

async function adminToken(server: TestServer) {
  return logIn(server.mainUrl, "admin@example.com", "admin");
}

describe("compressed report storage (local files)", () => {
  let server: TestServer;
  storageTests(
    async () => {
      server = await startTestServer();
      return { server, storage: createFileStorage(server.config.storage), token: await adminToken(server) };
    },
    () => server.dispose(),
  );
});

describe("compressed report storage (S3)", () => {
  let server: TestServer;
  let s3: FakeS3;
  storageTests(
    async () => {
      s3 = await startFakeS3("compressed-reports");
      server = await startTestServer(s3ServerEnv(s3.target));
      expect(server.config.storage.kind).toBe("s3");
      return { server, storage: createFileStorage(server.config.storage), token: await adminToken(server) };
    },
    async () => {
      await server?.dispose();
      await s3?.stop();
    },
  );
});
