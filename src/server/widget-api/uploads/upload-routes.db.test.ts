import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client, type SQL } from "bun";
import type { Database } from "../../database/database.ts";
import { seedDemoData } from "../../demo-seed.ts";
import { findProjectBySdkKey } from "../../domain/projects/projects-repository.ts";
import { signSessionId } from "../../domain/sessions/session-hash.ts";
import { createSession } from "../../domain/sessions/sessions-repository.ts";
import { defaultMaxUploadBytes } from "../../domain/uploads/upload-intake.ts";
import type { UploadQuotas } from "../../domain/uploads/upload-quotas.ts";
import { withRequestLog } from "../../http/request-log.ts";
import { createLogger } from "../../logger.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { createLocalFileStorage } from "../../storage/local-file-storage.ts";
import { createS3FileStorage } from "../../storage/s3-file-storage.ts";
import { expectRangedReads } from "../../test-support/ranged-reads.ts";
import { type RawAnswer, readAnswer } from "../../test-support/raw-http-answer.ts";
import { type FakeS3, startFakeS3 } from "../../test-support/s3rver.ts";
import { tempDatabases } from "../../test-support/temp-databases.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { fixtureTimeoutMs, processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { until } from "../../test-support/until.ts";
import { createWidgetApi } from "../widget-api.ts";
import { uploadRoutes } from "./upload-routes.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

let server: TestServer;
let main: string;

startBeforeAll(startTestServer, (started) => {
  server = started;
  main = server.mainUrl;
});

const uploadName = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.(webm|png)$/;

const webmBytes = Uint8Array.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  ...Array.from({ length: 200 }, (_, i) => i % 256),
]);
const pngBytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

/**
 * A form with one `file` field. A Blob without a name is sent as `blob`, as browsers send it (Bun's
 * FormData would send an empty file name, which makes the part a text field to busboy).
 */
function formWith(file: Blob | string, name = "blob"): FormData {
  const form = new FormData();
  if (typeof file === "string") form.append("file", file);
  else form.append("file", file, name);
  return form;
}

type RequestHeaders = Record<string, string>;

/** A fresh widget session on the real server, started as the SDK starts one; its upload headers. */
async function startSession(base = main): Promise<RequestHeaders> {
  const response = await fetch(`${base}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo", "Content-Type": "application/json" },
    body: "{}",
  });
  expect(response.status).toBe(200);
  const { gleapId, gleapHash } = (await response.json()) as { gleapId: string; gleapHash: string };
  return { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };
}

const upload = (base: string, body: BodyInit, headers: RequestHeaders) =>
  fetch(`${base}/api/widget/uploads/sdk`, { method: "POST", headers, body });

async function uploadOk(file: Blob, name?: string): Promise<{ fileUrl: string; fileName: string }> {
  const response = await upload(main, formWith(file, name), await startSession());
  expect(response.status).toBe(200);
  const { fileUrl } = (await response.json()) as { fileUrl: string };
  // Served from the messenger origin, never from the admin's.
  const prefix = `${server.messengerUrl}/api/files/uploads/`;
  expect(fileUrl.startsWith(prefix)).toBe(true);
  const fileName = fileUrl.slice(prefix.length);
  expect(fileName).toMatch(uploadName);
  return { fileUrl, fileName };
}

async function uploadCount(sql: SQL): Promise<number> {
  const [row] = await sql`SELECT count(*) AS n FROM uploads`;
  return Number(row.n);
}

/** Every file under a local storage folder: stored objects, their `.type` files and partial writes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/**
 * Sends a POST over a raw socket, so the request can declare a Content-Length that fetch would
 * compute itself, and resolves with the answer as soon as it is complete.
 */
async function rawPost(url: string, headers: RequestHeaders, body: string): Promise<RawAnswer> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  const answer = readAnswer(socket);
  const lines = Object.entries({ Host: `${hostname}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
  socket.write(`POST ${pathname} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
  try {
    return await answer;
  } finally {
    socket.destroy();
  }
}

/** A multipart body with one file part, as a browser sends it, and its Content-Type. */
async function multipartBytes(
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
): Promise<{ body: Uint8Array; type: string }> {
  const form = new Response(formWith(new Blob([bytes], { type })));
  // Read before the body: Bun's Response forgets its form's Content-Type once the body is read.
  const contentType = form.headers.get("content-type") ?? "";
  return { body: await form.bytes(), type: contentType };
}

/**
 * A request body sent in 16 KB pieces without a Content-Length (chunked), that pauses before the
 * piece at `pauseAt` until `resume()`.
 */
function slowBody(bytes: Uint8Array, pauseAt = Number.POSITIVE_INFINITY) {
  let resume: () => void = () => {};
  const resumed = new Promise<void>((resolve) => {
    resume = resolve;
  });
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= bytes.length) return controller.close();
      if (sent >= pauseAt) await resumed;
      controller.enqueue(bytes.slice(sent, sent + 16_384));
      sent += 16_384;
    },
  });
  return { stream, resume };
}

describe("POST /api/widget/uploads/sdk", () => {
  test("a webm recording is stored, recorded and answered with a fileUrl serving the same bytes", async () => {
    const { fileUrl, fileName } = await uploadOk(new Blob([webmBytes], { type: "video/webm;codecs=vp9" }));
    expect(fileName.endsWith(".webm")).toBe(true);

    const rows = await server.db.sql`SELECT u.id, u.storage_key, u.content_type, u.size, p.sdk_key,
        s.project_id = p.id AS session_in_project
      FROM uploads u JOIN widget_projects p ON p.id = u.project_id JOIN widget_sessions s ON s.id = u.session_id
      WHERE u.storage_key = ${`uploads/${fileName}`}`;
    // BIGINT comes back as text from PostgreSQL and as a number from SQLite.
    expect(
      rows.map((row: Record<string, unknown>) => ({
        ...row,
        size: Number(row.size),
        session_in_project: Boolean(row.session_in_project),
      })),
    ).toEqual([
      {
        id: fileName.replace(".webm", ""),
        storage_key: `uploads/${fileName}`,
        content_type: "video/webm",
        size: webmBytes.length,
        sdk_key: "demo",
        session_in_project: true,
      },
    ]);

    const response = await fetch(fileUrl, { headers: { Origin: "https://customer.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.bytes()).toEqual(webmBytes);
  });

  test("a png keeps its type and original name, and lands under DATA_DIR with local storage", async () => {
    const { fileUrl, fileName } = await uploadOk(new Blob([pngBytes], { type: "image/png" }), "shot.png");
    expect(fileName.endsWith(".png")).toBe(true);
    const [row] = await server.db
      .sql`SELECT original_name FROM uploads WHERE storage_key = ${`uploads/${fileName}`}`;
    expect(row.original_name).toBe("shot.png");
    const onDisk = Bun.file(join(server.dataDir, "files", "uploads", fileName));
    expect(await onDisk.bytes()).toEqual(pngBytes);

    const response = await fetch(fileUrl);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(await response.bytes()).toEqual(pngBytes);
  });

  /** The head of a form's `file` part named `filename` of `type`, written out as a browser sends it. */
  const filePartHead = (boundary: string, filename: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;

  /** Posts a multipart body written by hand from `parts` as a new session's upload. */
  const postForm = async (boundary: string, parts: BlobPart[]) =>
    fetch(`${main}/api/widget/uploads/sdk`, {
      method: "POST",
      headers: { ...(await startSession()), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: new Blob(parts),
    });

  test("a browser's `blob` part keeps the type it declares (Bun's own formData() would drop it)", async () => {
    const boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
    const response = await postForm(boundary, [
      filePartHead(boundary, "blob", "video/webm"),
      webmBytes,
      `\r\n--${boundary}--\r\n`,
    ]);
    expect(response.status).toBe(200);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    expect(fileUrl.endsWith(".webm")).toBe(true);
    const served = await fetch(fileUrl);
    expect(served.headers.get("content-type")).toBe("video/webm");
    expect(await served.bytes()).toEqual(webmBytes);
  });

  test("a form that ends before its closing boundary is 400 and stores nothing", async () => {
    const boundary = "cut-short";
    const before = await uploadCount(server.db.sql);
    const files = await filesUnder(join(server.dataDir, "files"));
    const response = await postForm(boundary, [filePartHead(boundary, "a.png", "image/png"), pngBytes]);
    expect(response.status).toBe(400);
    expect(await uploadCount(server.db.sql)).toBe(before);
    expect(await filesUnder(join(server.dataDir, "files"))).toEqual(files);
  });

  test("range requests: a single range, an open range, a suffix, and one past the end", async () => {
    const { fileUrl } = await uploadOk(new Blob([webmBytes], { type: "video/webm" }));
    const size = webmBytes.length;
    const ranged = (range: string) => fetch(fileUrl, { headers: { Range: range } });
    await expectRangedReads(ranged, webmBytes, [
      {
        range: "bytes=0-9",
        status: 206,
        contentRange: `bytes 0-9/${size}`,
        contentLength: "10",
        slice: [0, 10],
      },
      { range: "bytes=200-", status: 206, slice: [200] },
      {
        range: "bytes=-16",
        status: 206,
        contentRange: `bytes ${size - 16}-${size - 1}/${size}`,
        slice: [size - 16],
      },
      { range: `bytes=${size}-`, status: 416, contentRange: `bytes */${size}` },
      // Several ranges at once: the whole file.
      { range: "bytes=0-1,4-5", status: 200, slice: [0] },
    ]);
  });

  test("without a valid session (the SDK key alone is not enough) it is 401 and stores nothing", async () => {
    const before = await uploadCount(server.db.sql);
    const files = await filesUnder(join(server.dataDir, "files"));
    const form = () => formWith(new Blob([pngBytes], { type: "image/png" }));
    const keyOnly = await upload(main, form(), { "Api-Token": "demo" });
    expect(keyOnly.status).toBe(401);
    expect(((await keyOnly.json()) as { error: string }).error).toBe("Missing Gleap-Id and Gleap-Hash");

    const session = await startSession();
    const forged = await upload(main, form(), { ...session, "Gleap-Hash": "0".repeat(64) });
    expect(forged.status).toBe(401);
    const otherKey = await upload(main, form(), { ...session, "Api-Token": "not-a-key" });
    expect(otherKey.status).toBe(401);
    expect((await upload(main, form(), {})).status).toBe(401);

    expect(await uploadCount(server.db.sql)).toBe(before);
    expect(await filesUnder(join(server.dataDir, "files"))).toEqual(files);
  });

  test("a type outside the allow-list is 415 naming the type, and stores nothing", async () => {
    const before = await uploadCount(server.db.sql);
    const files = await filesUnder(join(server.dataDir, "files"));
    const session = await startSession();
    const response = await upload(
      main,
      formWith(new Blob(["<script>1</script>"], { type: "text/html" })),
      session,
    );
    expect(response.status).toBe(415);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain("text/html");
    expect(body.error).toContain("video/webm");
    const untyped = await upload(main, formWith(new Blob([pngBytes])), session);
    expect(untyped.status).toBe(415);
    expect(await uploadCount(server.db.sql)).toBe(before);
    expect(await filesUnder(join(server.dataDir, "files"))).toEqual(files);
  });

  test("a form without a file field, a text field named file, or a non-multipart body is 400", async () => {
    const session = await startSession();
    const before = await uploadCount(server.db.sql);
    const other = new FormData();
    other.append("attachment", new Blob([pngBytes], { type: "image/png" }));
    const missing = await upload(main, other, session);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe("Missing file field");
    const text = await upload(main, formWith("just text"), session);
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: string }).error).toBe("Missing file field");
    const json = await fetch(`${main}/api/widget/uploads/sdk`, {
      method: "POST",
      headers: { ...session, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);
    const empty = await upload(main, formWith(new Blob([], { type: "image/png" }), "empty.png"), session);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("The file is empty");
    expect(await uploadCount(server.db.sql)).toBe(before);
  });

  test("the default limit is 100 MB: a larger declared body is refused with 413 before it is read", async () => {
    expect(defaultMaxUploadBytes).toBe(100 * 1024 * 1024);
    const answer = await rawPost(
      `${main}/api/widget/uploads/sdk`,
      {
        ...(await startSession()),
        "Content-Type": "multipart/form-data; boundary=x",
        // Over the upload limit, under the server's own 110 MB body cap.
        "Content-Length": String(105 * 1024 * 1024),
      },
      "--x\r\n",
    );
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { error: string }).error).toBe(
      "The file is larger than the 100 MB limit",
    );
  });
});

const databases = tempDatabases("upload-routes");
const sessionSecret = "upload-routes-test-secret";
let workDir: string;
const uploadServers: Array<ReturnType<typeof Bun.serve>> = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "upload-routes-"));
  await databases.setup();
});

afterAll(async () => {
  for (const uploadServer of uploadServers) uploadServer.stop(true);
  await databases.cleanup();
  await rm(workDir, { recursive: true, force: true });
});

interface UploadServer {
  base: string;
  db: Database;
  /** The local storage folder (unused with another storage). */
  filesDir: string;
  /** A new widget session of the demo project; its upload headers. */
  newSession(): Promise<RequestHeaders>;
}

/**
 * The upload routes served on their own over a fresh database (or `db`), with lowered limits: the file
 * limit is 1000 bytes unless given.
 */
async function startUploadServer(
  options: {
    maxUploadBytes?: number;
    quotas?: Partial<UploadQuotas>;
    now?: () => number;
    db?: Database;
    filesDir?: string;
    storage?: FileStorage;
  } = {},
): Promise<UploadServer> {
  const name = `server-${uploadServers.length + 1}`;
  let db = options.db;
  if (!db) {
    db = await databases.open(name, { migrated: true });
    await seedDemoData(db.sql, { passwords: testPasswords });
  }
  const sql = db.sql;
  const filesDir = options.filesDir ?? join(workDir, name);
  const storage = options.storage ?? createLocalFileStorage(filesDir);
  const api = createWidgetApi(
    { sql, sessionSecret },
    uploadRoutes({
      sql,
      storage,
      messengerUrl: () => "http://files.example",
      maxUploadBytes: options.maxUploadBytes ?? 1000,
      quotas: options.quotas,
      now: options.now,
    }),
  );
  // Wrapped like the real server, so a throw becomes a logged 500.
  const handler = withRequestLog<undefined>(createLogger("silent"), "main", (request) =>
    api.handle(request, "127.0.0.1"),
  );
  const bunServer = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (request, running) =>
      (await handler(request, running)) ?? new Response(null, { status: 500 }),
  });
  uploadServers.push(bunServer);
  const project = await findProjectBySdkKey(sql, "demo");
  if (!project) throw new Error("demo project missing");
  return {
    base: `http://127.0.0.1:${bunServer.port}`,
    db,
    filesDir,
    async newSession() {
      const session = await createSession(sql, project.id);
      return {
        "Api-Token": "demo",
        "Gleap-Id": session.id,
        "Gleap-Hash": signSessionId(sessionSecret, session.id),
      };
    },
  };
}

const gif = (length: number) => formWith(new Blob([new Uint8Array(length).fill(7)], { type: "image/gif" }));

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

/** Storage that tells how many bytes reached `putStream` so far. */
function observed(storage: FileStorage) {
  const seen = { bytes: 0, streams: 0 };
  const wrapped: FileStorage = {
    ...storage,
    putStream(key, chunks, contentType) {
      seen.streams++;
      async function* counting() {
        for await (const chunk of chunks) {
          seen.bytes += chunk.byteLength;
          yield chunk;
        }
      }
      return storage.putStream(key, counting(), contentType);
    },
  };
  return { storage: wrapped, seen };
}

/**
 * Waits until `ready()` holds, failing after ten seconds: the bodies are held back until then, so what
 * it waits for can only come from streaming, and a slow machine only makes it later.
 */
const untilStreamed = (ready: () => boolean, what: string) => until(ready, 10_000, { what, everyMs: 10 });

describe("upload limits and failures (routes served on their own with lowered limits)", () => {
  test("a file at the limit is accepted; one byte more is 413 and leaves nothing", async () => {
    const uploads = await startUploadServer();
    const session = await uploads.newSession();
    const at = await upload(uploads.base, gif(1000), session);
    expect(at.status).toBe(200);
    const { fileUrl } = (await at.json()) as { fileUrl: string };
    expect(fileUrl).toMatch(/^http:\/\/files\.example\/api\/files\/uploads\/[0-9a-f-]{36}\.gif$/);
    const stored = await filesUnder(uploads.filesDir);
    const name = fileUrl.split("/").pop();
    expect(stored).toEqual([`uploads/${name}`, `uploads/${name}.type`]);

    const over = await upload(uploads.base, gif(1001), session);
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toBe("The file is larger than the 1000 bytes limit");
    expect(await uploadCount(uploads.db.sql)).toBe(1);
    expect(await filesUnder(uploads.filesDir)).toEqual(stored);
  });

  test("a declared Content-Length past the limit is refused without reading the body", async () => {
    const uploads = await startUploadServer();
    const answer = await rawPost(
      `${uploads.base}/api/widget/uploads/sdk`,
      {
        ...(await uploads.newSession()),
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": "10000000",
      },
      "--x\r\n",
    );
    expect(answer.status).toBe(413);
  });

  test("a chunked body is cut off once the file or the body passes the limit, leaving nothing behind", async () => {
    const uploads = await startUploadServer();
    const session = await uploads.newSession();
    const big = await multipartBytes(new Uint8Array(200_000), "image/png");
    const cut = await upload(uploads.base, slowBody(big.body).stream, {
      ...session,
      "Content-Type": big.type,
    });
    expect(cut.status).toBe(413);

    // A field before the file makes the body pass its limit (file limit + 64 KB) before the file does.
    const padded = new FormData();
    padded.append("padding", "x".repeat(100_000));
    padded.append("file", new Blob([pngBytes], { type: "image/png" }), "small.png");
    const form = new Response(padded);
    const paddedType = form.headers.get("content-type") ?? "";
    const tooLong = await upload(uploads.base, slowBody(await form.bytes()).stream, {
      ...session,
      "Content-Type": paddedType,
    });
    expect(tooLong.status).toBe(413);

    expect(await uploadCount(uploads.db.sql)).toBe(0);
    expect(await filesUnder(uploads.filesDir)).toEqual([]);
  });

  test("the file is written to storage while its body still arrives", async () => {
    const { storage, seen } = observed(createLocalFileStorage(join(workDir, "streamed")));
    const uploads = await startUploadServer({ maxUploadBytes: 4 * 1024 * 1024, storage });
    const bytes = Uint8Array.from({ length: 2 * 1024 * 1024 }, (_, index) => (index * 31) % 251);
    const multipart = await multipartBytes(bytes, "video/webm");
    const body = slowBody(multipart.body, 1024 * 1024);
    const answer = upload(uploads.base, body.stream, {
      ...(await uploads.newSession()),
      "Content-Type": multipart.type,
    });
    // Half the body is sent and the rest held back: a buffering server would have stored nothing yet.
    await untilStreamed(() => seen.bytes > 512 * 1024, "the first half to reach storage");
    const partial = await filesUnder(join(workDir, "streamed"));
    expect(partial).toHaveLength(1);
    expect(partial[0]).toStartWith(".incoming/");
    body.resume();
    const response = await answer;
    expect(response.status).toBe(200);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    const stored = await storage.get(`uploads/${fileUrl.split("/").pop()}`);
    expect(stored?.type).toBe("video/webm");
    expect(await stored?.bytes()).toEqual(bytes);
    expect((await filesUnder(join(workDir, "streamed"))).filter((file) => file.startsWith("."))).toEqual([]);
  });

  test("when the row cannot be written the stored object is deleted again", async () => {
    const db = await databases.open("failing", { migrated: true });
    await seedDemoData(db.sql, { passwords: testPasswords });
    // SQLite-only setup for this test: make every upload row fail to insert.
    await db.sql.unsafe(
      `CREATE TRIGGER no_uploads BEFORE INSERT ON uploads BEGIN SELECT RAISE(ABORT, 'no'); END`,
    );
    const dir = join(workDir, "failing-files");
    const puts: string[] = [];
    const local = createLocalFileStorage(dir);
    const recording: FileStorage = {
      ...local,
      async putStream(key, chunks, contentType) {
        puts.push(key);
        return local.putStream(key, chunks, contentType);
      },
    };
    const uploads = await startUploadServer({ db, storage: recording });
    const response = await upload(
      uploads.base,
      formWith(new Blob([pngBytes], { type: "image/png" })),
      await uploads.newSession(),
    );
    expect(response.status).toBe(500);
    expect(puts).toHaveLength(1);
    expect(await local.get(puts[0] ?? "")).toBeNull();
    expect(await filesUnder(dir)).toEqual([]);
    expect(await uploadCount(db.sql)).toBe(0);
  });
});

describe("upload quotas and rate (counted from the uploads table)", () => {
  test("a session's uploads per day: one more is 429 until midnight UTC, and other sessions go on", async () => {
    let time = Date.parse("2026-11-22T23:58:20.000Z");
    const uploads = await startUploadServer({ quotas: { sessionUploadsPerDay: 2 }, now: () => time });
    const session = await uploads.newSession();
    expect((await upload(uploads.base, gif(10), session)).status).toBe(200);
    expect((await upload(uploads.base, gif(10), session)).status).toBe(200);
    const stored = await filesUnder(uploads.filesDir);

    const refused = await upload(uploads.base, gif(10), session);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("100");
    expect(await errorOf(refused)).toBe("Upload quota reached: 2 uploads per session per day");
    expect(await uploadCount(uploads.db.sql)).toBe(2);
    expect(await filesUnder(uploads.filesDir)).toEqual(stored);

    expect((await upload(uploads.base, gif(10), await uploads.newSession())).status).toBe(200);
    time = Date.parse("2026-11-23T00:00:30.000Z");
    expect((await upload(uploads.base, gif(10), session)).status).toBe(200);
  });

  test("a session's bytes per day: a file past what is left is cut off, a declared one refused unread", async () => {
    const uploads = await startUploadServer({
      maxUploadBytes: 10 * 1024 * 1024,
      quotas: { sessionBytesPerDay: 100_000 },
    });
    const session = await uploads.newSession();
    expect((await upload(uploads.base, gif(60_000), session)).status).toBe(200);
    const stored = await filesUnder(uploads.filesDir);

    // 60,000 bytes with 40,000 left, the body held back after 49,152 bytes: the answer comes while
    // it is held, so the upload was stopped once its running total passed what is left.
    const multipart = await multipartBytes(new Uint8Array(60_000), "image/gif");
    const held = slowBody(multipart.body, 3 * 16_384);
    const cut = await upload(uploads.base, held.stream, { ...session, "Content-Type": multipart.type });
    held.resume();
    expect(cut.status).toBe(429);
    expect(await errorOf(cut)).toBe("Upload quota reached: 100000 bytes per session per day");
    expect(Number(cut.headers.get("retry-after"))).toBeGreaterThan(0);

    const declared = await rawPost(
      `${uploads.base}/api/widget/uploads/sdk`,
      { ...session, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5_000_000) },
      "--x\r\n",
    );
    expect(declared.status).toBe(429);
    expect(declared.headers["retry-after"]).toMatch(/^\d+$/);

    expect(await uploadCount(uploads.db.sql)).toBe(1);
    expect(await filesUnder(uploads.filesDir)).toEqual(stored);
  });

  test("a project's bytes per day count every session of the project", async () => {
    const uploads = await startUploadServer({
      maxUploadBytes: 1024 * 1024,
      quotas: { projectBytesPerDay: 100_000 },
    });
    expect((await upload(uploads.base, gif(60_000), await uploads.newSession())).status).toBe(200);
    const stored = await filesUnder(uploads.filesDir);
    const refused = await upload(uploads.base, gif(60_000), await uploads.newSession());
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe("This project's upload quota of 100000 bytes per day is used up");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await uploadCount(uploads.db.sql)).toBe(1);
    expect(await filesUnder(uploads.filesDir)).toEqual(stored);
  });

  test("the rate: past it a session gets 429 until its oldest upload of the minute leaves the window", async () => {
    const start = Date.parse("2026-11-22T12:00:00.000Z");
    let time = start;
    const uploads = await startUploadServer({ quotas: { sessionUploadsPerMinute: 2 }, now: () => time });
    const session = await uploads.newSession();
    expect((await upload(uploads.base, gif(10), session)).status).toBe(200);
    time = start + 20_000;
    expect((await upload(uploads.base, gif(10), session)).status).toBe(200);
    time = start + 30_000;
    const refused = await upload(uploads.base, gif(10), session);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await errorOf(refused)).toBe("Too many uploads: at most 2 per session per minute");
    expect(await uploadCount(uploads.db.sql)).toBe(2);

    time = start + 61_000;
    expect((await upload(uploads.base, gif(10), session)).status).toBe(200);
  });

  test("the quotas hold for another process over the same database (they are not kept in memory)", async () => {
    const first = await startUploadServer({ quotas: { sessionUploadsPerDay: 1 } });
    const session = await first.newSession();
    expect((await upload(first.base, gif(10), session)).status).toBe(200);
    const second = await startUploadServer({
      db: first.db,
      filesDir: first.filesDir,
      quotas: { sessionUploadsPerDay: 1 },
    });
    const refused = await upload(second.base, gif(10), session);
    expect(refused.status).toBe(429);
    expect(await uploadCount(first.db.sql)).toBe(1);
  });

  test("uploads still streaming count too: their number at admission, their bytes as they grow", async () => {
    const { storage, seen } = observed(createLocalFileStorage(join(workDir, "in-flight")));
    const uploads = await startUploadServer({
      maxUploadBytes: 1024 * 1024,
      quotas: { sessionUploadsPerDay: 1, projectBytesPerDay: 300_000 },
      storage,
    });
    const session = await uploads.newSession();
    const multipart = await multipartBytes(new Uint8Array(200_000).fill(3), "image/png");
    const send = (body: ReadableStream<Uint8Array>, headers: RequestHeaders) =>
      upload(uploads.base, body, { ...headers, "Content-Type": multipart.type });

    // The first upload streams 160 KB and is held there, not yet in the table.
    const first = slowBody(multipart.body, 10 * 16_384);
    const firstAnswer = send(first.stream, session);
    await untilStreamed(() => seen.bytes > 150_000, "the first upload to be streaming");

    const sameSession = await send(slowBody(multipart.body).stream, session);
    expect(sameSession.status).toBe(429);
    expect(await errorOf(sameSession)).toBe("Upload quota reached: 1 uploads per session per day");
    // Held back after 160 KB too: the answer comes while it is held, once the two pass 300 KB.
    const other = slowBody(multipart.body, 10 * 16_384);
    const otherSession = await send(other.stream, await uploads.newSession());
    other.resume();
    expect(otherSession.status).toBe(429);
    expect(await errorOf(otherSession)).toBe(
      "This project's upload quota of 300000 bytes per day is used up",
    );

    first.resume();
    expect((await firstAnswer).status).toBe(200);
    expect(await uploadCount(uploads.db.sql)).toBe(1);
    expect(await filesUnder(join(workDir, "in-flight"))).toHaveLength(2);
  });

  test("an upload that finished while another streamed is counted before the other's row is written", async () => {
    const { storage, seen } = observed(createLocalFileStorage(join(workDir, "finished-meanwhile")));
    const uploads = await startUploadServer({
      maxUploadBytes: 1024 * 1024,
      quotas: { sessionBytesPerDay: 300_000 },
      storage,
    });
    const session = await uploads.newSession();
    const multipart = await multipartBytes(new Uint8Array(200_000).fill(5), "image/png");
    const send = (body: ReadableStream<Uint8Array>) =>
      upload(uploads.base, body, { ...session, "Content-Type": multipart.type });

    // Admitted and held after its first piece, so the second one fits beside it and finishes.
    const first = slowBody(multipart.body, 16_384);
    const firstAnswer = send(first.stream);
    await untilStreamed(() => seen.bytes > 0, "the first upload to be streaming");
    expect((await send(slowBody(multipart.body).stream)).status).toBe(200);

    // Both together pass the quota: the first learns it from the table once it has all its bytes.
    first.resume();
    const refused = await firstAnswer;
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe("Upload quota reached: 300000 bytes per session per day");
    expect(await uploadCount(uploads.db.sql)).toBe(1);
    expect(await filesUnder(join(workDir, "finished-meanwhile"))).toHaveLength(2);
  });
});

describe("GET /api/files/uploads/:name", () => {
  test("an unknown or malformed name is a 404 JSON error on the messenger origin", async () => {
    for (const name of ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png", "anything.png", "x", "..%2Fapp.sqlite"]) {
      const response = await fetch(`${server.messengerUrl}/api/files/uploads/${name}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(((await response.json()) as { error: string }).error).toBeString();
    }
  });

  test("HEAD answers the headers with the length and no body", async () => {
    const { fileName } = await uploadOk(new Blob([pngBytes], { type: "image/png" }));
    const response = await fetch(`${server.messengerUrl}/api/files/uploads/${fileName}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(pngBytes.length));
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(await response.arrayBuffer()).toHaveProperty("byteLength", 0);
  });

  test("the messenger origin serves files locked down: no page, no script, no framing", async () => {
    const { fileName } = await uploadOk(new Blob([pngBytes], { type: "image/png" }));
    const response = await fetch(`${server.messengerUrl}/api/files/uploads/${fileName}`);
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const post = await fetch(`${server.messengerUrl}/api/files/uploads/${fileName}`, { method: "POST" });
    expect(post.status).toBe(405);
  });

  test("the admin's origin never serves a visitor's file: it redirects to the messenger origin", async () => {
    const { fileName } = await uploadOk(new Blob([pngBytes], { type: "image/png" }));
    const old = await fetch(`${main}/api/files/uploads/${fileName}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`${server.messengerUrl}/api/files/uploads/${fileName}`);
    expect(await old.bytes()).toHaveProperty("byteLength", 0);
    // A link stored by an earlier version still shows the file, from the messenger origin.
    const followed = await fetch(`${main}/api/files/uploads/${fileName}`);
    expect(followed.url).toStartWith(server.messengerUrl);
    expect(await followed.bytes()).toEqual(pngBytes);
    const malformed = await fetch(`${main}/api/files/uploads/anything.png`, { redirect: "manual" });
    expect(malformed.status).toBe(404);
  });
});

describe("uploads with S3 storage (S3_BUCKET set)", () => {
  let s3: FakeS3;
  let s3Server: TestServer;

  beforeAll(async () => {
    s3 = await startFakeS3("widget-uploads");
    const target = s3.target;
    s3Server = await startTestServer({
      S3_BUCKET: target.bucket,
      S3_ENDPOINT: target.endpoint ?? "",
      S3_REGION: target.region ?? "",
      S3_ACCESS_KEY_ID: target.accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: target.secretAccessKey ?? "",
    });
  }, fixtureTimeoutMs);

  afterAll(async () => {
    await s3Server?.dispose();
    await s3?.stop();
  });

  test("the upload goes to the bucket and is served through the server, ranges included", async () => {
    const response = await upload(
      s3Server.mainUrl,
      formWith(new Blob([webmBytes], { type: "video/webm" })),
      await startSession(s3Server.mainUrl),
    );
    expect(response.status).toBe(200);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    expect(fileUrl.startsWith(`${s3Server.messengerUrl}/api/files/uploads/`)).toBe(true);
    expect(await readdir(s3Server.dataDir)).not.toContain("files");

    const whole = await fetch(fileUrl, { redirect: "manual" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(await whole.bytes()).toEqual(webmBytes);

    const part = await fetch(fileUrl, { headers: { Range: "bytes=4-7" }, redirect: "manual" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-7/${webmBytes.length}`);
    expect(await part.bytes()).toEqual(webmBytes.slice(4, 8));
  });
  test("a recording larger than one S3 part streams to the bucket while its body still arrives", async () => {
    const { storage, seen } = observed(createS3FileStorage(s3.target));
    const uploads = await startUploadServer({ maxUploadBytes: 20 * 1024 * 1024, storage });
    // Over two 5 MB parts, so the writer's multipart upload is used and completed.
    const bytes = Uint8Array.from({ length: 12 * 1024 * 1024 }, (_, index) => (index * 13) % 253);
    const multipart = await multipartBytes(bytes, "video/webm");
    const body = slowBody(multipart.body, 6 * 1024 * 1024);
    const answer = upload(uploads.base, body.stream, {
      ...(await uploads.newSession()),
      "Content-Type": multipart.type,
    });
    await untilStreamed(() => seen.bytes > 5 * 1024 * 1024, "the first part to reach S3 storage");
    body.resume();
    const response = await answer;
    expect(response.status).toBe(200);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    const stored = await storage.get(`uploads/${fileUrl.split("/").pop()}`);
    expect(stored?.size).toBe(bytes.length);
    expect(stored?.type).toBe("video/webm");
    expect(await stored?.bytes()).toEqual(bytes);
  });

  test("an upload refused half-way leaves no object in the bucket", async () => {
    const bucket = new S3Client({ ...s3.target });
    const keys = async () =>
      ((await bucket.list({ prefix: "uploads/" })).contents ?? []).map((item) => item.key);
    const before = await keys();
    const uploads = await startUploadServer({
      maxUploadBytes: 10 * 1024 * 1024,
      quotas: { sessionBytesPerDay: 6 * 1024 * 1024 },
      storage: createS3FileStorage(s3.target),
    });
    // Past the first 5 MB part, so the refusal comes after data went to the bucket; the rest is held
    // back, so the answer shows the stream was stopped, not read to its end.
    const multipart = await multipartBytes(new Uint8Array(8 * 1024 * 1024), "video/webm");
    const held = slowBody(multipart.body, 7 * 1024 * 1024);
    const response = await upload(uploads.base, held.stream, {
      ...(await uploads.newSession()),
      "Content-Type": multipart.type,
    });
    held.resume();
    expect(response.status).toBe(429);
    expect(await uploadCount(uploads.db.sql)).toBe(0);
    expect(await keys()).toEqual(before);
  });
});
