import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { SQL } from "bun";
import type { FileStorage } from "../../storage/file-storage.ts";
import { createLocalFileStorage } from "../../storage/local-file-storage.ts";
import { createS3FileStorage } from "../../storage/s3-file-storage.ts";
import { emptyReportRow } from "../../test-support/empty-report-row.ts";
import { postReport } from "../../test-support/report-test-support.ts";
import { s3ServerEnv } from "../../test-support/s3-server-env.ts";
import { type FakeS3, startFakeS3 } from "../../test-support/s3rver.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { withTestServer } from "../../test-support/test-server-for-one-test.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { insertReport } from "./feedback-repository.ts";
import { orphanGraceMs, storeWithFiles, sweepOrphanReportFiles } from "./report-file-journal.ts";
import { sweepReportLeftovers } from "./report-leftovers.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

const later = () => Date.now() + orphanGraceMs + 60_000;

async function journalled(sql: SQL, id: string): Promise<string[]> {
  const rows =
    await sql`SELECT storage_key FROM report_file_writes WHERE storage_key LIKE ${`reports/${id}/%`}`;
  return rows.map((row: { storage_key: string }) => row.storage_key).sort();
}

/**
 * A process over the server's database and `storage` settings dies by SIGKILL between writing report
 * `id`'s files and its row (see report-crash-child.ts).
 */
async function crashMidReport(server: TestServer, id: string, storageEnv: Record<string, string> = {}) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "report-crash-child.ts"), id], {
    // DATA_DIR as well: with PostgreSQL the database env alone would leave local files in ./data.
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      ...server.databaseEnv,
      ...storageEnv,
      LOG_LEVEL: "silent",
    },
    stderr: "pipe",
  });
  await child.exited;
  expect(child.signalCode).toBe("SIGKILL");
}

describe("report files and a crash between file and row (local storage)", () => {
  let server: TestServer;
  let storage: FileStorage;
  beforeAll(async () => {
    server = await startTestServer();
    storage = createLocalFileStorage(join(server.dataDir, "files"));
  }, processTestTimeoutMs);
  afterAll(() => server.dispose());

  const exists = async (key: string) => (await storage.get(key)) !== null;

  test(
    "a crash leaves journalled files; the next start sweeps them, sparing young writes and stored reports",
    async () => {
      const html = `<p>${"kept ".repeat(20_000)}</p>`;
      const stored = await postReport(
        server.mainUrl,
        { "Api-Token": "demo" },
        JSON.stringify({ screenshotData: { html } }),
      );
      expect(stored.status).toBe(201);
      const storedId = ((await stored.json()) as { id: string }).id;

      const dead = Bun.randomUUIDv7();
      const young = Bun.randomUUIDv7();
      await crashMidReport(server, dead);
      await crashMidReport(server, young);
      // What the crash left: files without a row, each named in the journal.
      const sql = server.db.sql;
      expect(await exists(`reports/${dead}/snapshot.html`)).toBe(true);
      expect(await exists(`reports/${dead}/replay.json.gz`)).toBe(true);
      expect(await journalled(sql, dead)).toEqual([
        `reports/${dead}/replay.json.gz`,
        `reports/${dead}/snapshot.html`,
      ]);
      const [{ rows }] =
        await sql`SELECT count(*) AS rows FROM feedback_reports WHERE id IN ${sql([dead, young])}`;
      expect(Number(rows)).toBe(0);

      // The first crash was long enough ago that no process can still be writing those files.
      await sql`UPDATE report_file_writes SET started_at = started_at - ${orphanGraceMs + 1000}
      WHERE storage_key LIKE ${`reports/${dead}/%`}`;
      // The same database and the same files folder (with PostgreSQL the database env names no folder).
      await withTestServer({ DATA_DIR: server.dataDir, ...server.databaseEnv }, {}, async (restarted) => {
        const deadline = Date.now() + 5_000;
        // The sweep deletes the two files one after the other, in no set order: both are waited for.
        const deadLeft = async () =>
          (await exists(`reports/${dead}/snapshot.html`)) || (await exists(`reports/${dead}/replay.json.gz`));
        while ((await deadLeft()) && Date.now() < deadline) await Bun.sleep(20);
        expect(await exists(`reports/${dead}/snapshot.html`)).toBe(false);
        expect(await exists(`reports/${dead}/replay.json.gz`)).toBe(false);
        expect(await journalled(sql, dead)).toEqual([]);
        // Another process may still be writing a young entry's files: they stay for now.
        expect(await exists(`reports/${young}/snapshot.html`)).toBe(true);
        expect(await journalled(sql, young)).toHaveLength(2);
        expect(await exists(`reports/${storedId}/snapshot.html.zst`)).toBe(true);

        // The minute sweep takes it once it is old.
        expect(await sweepReportLeftovers(restarted.db.sql, storage, later)).toEqual({ orphanFiles: 2 });
        expect(await exists(`reports/${young}/snapshot.html`)).toBe(false);
        expect(await exists(`reports/${storedId}/snapshot.html.zst`)).toBe(true);
      });
    },
    processTestTimeoutMs,
  );

  test("a write so slow that the sweep took it rolls back: no row, no files", async () => {
    const sql = server.db.sql;
    const [{ id: projectId }] = await sql`SELECT id FROM widget_projects WHERE sdk_key = 'demo'`;
    const id = Bun.randomUUIDv7();
    const keys = [`reports/${id}/snapshot.html`, `reports/${id}/replay.json.gz`];
    // The second file's write lasts past the grace: a sweep in another process runs meanwhile.
    const slowStorage: FileStorage = {
      ...storage,
      async put(key, data, contentType) {
        await storage.put(key, data, contentType);
        if (key === keys[1]) await sweepOrphanReportFiles(sql, storage, later);
      },
    };
    const files = keys.map((key) => ({
      key,
      data: new TextEncoder().encode("part"),
      contentType: "text/plain",
    }));
    const result = await storeWithFiles(sql, slowStorage, files, (tx) =>
      insertReport(tx, id, {
        ...emptyReportRow,
        projectId,
        sessionId: null,
        screenshotHtmlKey: keys[0] ?? null,
        webReplayKey: keys[1] ?? null,
        idempotency: null,
      }),
    ).catch((error: unknown) => error);
    expect(result).toBeInstanceOf(Error);
    const [{ rows }] = await sql`SELECT count(*) AS rows FROM feedback_reports WHERE id = ${id}`;
    expect(Number(rows)).toBe(0);
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await journalled(sql, id)).toEqual([]);
  });

  test("a stored report leaves nothing in the journal", async () => {
    const html = `<p>${"x".repeat(70_000)}</p>`;
    const response = await postReport(
      server.mainUrl,
      { "Api-Token": "demo" },
      JSON.stringify({ screenshotData: { html }, webReplay: { events: [] } }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await journalled(server.db.sql, id)).toEqual([]);
    expect(await exists(`reports/${id}/snapshot.html.zst`)).toBe(true);
    expect(await exists(`reports/${id}/replay.json.zst`)).toBe(true);
  });
});

describe("report files and a crash between file and row (S3 storage)", () => {
  let s3: FakeS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startFakeS3("report-files");
    server = await startTestServer(s3ServerEnv(s3.target));
  }, processTestTimeoutMs);
  afterAll(async () => {
    await server?.dispose();
    await s3?.stop();
  });

  test(
    "the sweep deletes a dead write's objects from the bucket, by the journal alone",
    async () => {
      const storage = createS3FileStorage(s3.target);
      const dead = Bun.randomUUIDv7();
      await crashMidReport(server, dead, s3ServerEnv(s3.target));
      expect(await storage.get(`reports/${dead}/snapshot.html`)).not.toBeNull();
      expect(await journalled(server.db.sql, dead)).toHaveLength(2);

      expect(await sweepReportLeftovers(server.db.sql, storage, later)).toEqual({ orphanFiles: 2 });
      expect(await storage.get(`reports/${dead}/snapshot.html`)).toBeNull();
      expect(await storage.get(`reports/${dead}/replay.json.gz`)).toBeNull();
      expect(await journalled(server.db.sql, dead)).toEqual([]);
    },
    processTestTimeoutMs,
  );
});
