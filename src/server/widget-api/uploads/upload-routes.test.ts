import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "bun";
import { seedDemoData } from "../../demo-seed.ts";
import { withRequestLog } from "../../http/request-log.ts";
import { createLogger } from "../../logger.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { createLocalFileStorage } from "../../storage/local-file-storage.ts";
import { type FakeS3, startFakeS3 } from "../../test-support/s3rver.ts";
import { tempDatabases } from "../../test-support/temp-databases.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { createWidgetApi } from "../widget-api.ts";
import { defaultMaxUploadBytes, uploadRoutes } from "./upload-routes.ts";

let server: TestServer;
let main: string;

beforeAll(async () => {
  server = await startTestServer();
  main = server.mainUrl;
});

afterAll(() => server.dispose());

const uploadName = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.(webm|png)$/;

const webmBytes = Uint8Array.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  ...Array.from({ length: 200 }, (_, i) => i % 256),
]);
const pngBytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

function formWith(file: Blob | string, name?: string): FormData {
  const form = new FormData();
  if (typeof file === "string" || name === undefined) form.append("file", file);
  else form.append("file", file, name);
  return form;
}

const upload = (base: string, body: BodyInit, apiToken: string | null = "demo") =>
  fetch(`${base}/api/widget/uploads/sdk`, {
    method: "POST",
    headers: apiToken === null ? {} : { "Api-Token": apiToken },
    body,
  });

async function uploadOk(file: Blob, name?: string): Promise<{ fileUrl: string; fileName: string }> {
  const response = await upload(main, formWith(file, name));
  expect(response.status).toBe(200);
  const { fileUrl } = (await response.json()) as { fileUrl: string };
  const prefix = `${main}/api/files/uploads/`;
  expect(fileUrl.startsWith(prefix)).toBe(true);
  const fileName = fileUrl.slice(prefix.length);
  expect(fileName).toMatch(uploadName);
  return { fileUrl, fileName };
}

async function uploadCount(sql: SQL): Promise<number> {
  const [row] = await sql`SELECT count(*) AS n FROM uploads`;
  return Number(row.n);
}

/**
 * Sends a POST over a raw socket, so the request can declare a Content-Length that fetch would
 * compute itself, and resolves with the answer as soon as it is complete.
 */
function rawPost(url: string, headers: Record<string, string>, body: string) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(received.slice(0, end))?.[1] ?? "0");
      if (received.length < end + 4 + length) return;
      socket.destroy();
      resolve({
        status: Number(received.slice(9, 12)),
        body: received.slice(end + 4, end + 4 + length),
      });
    });
    const lines = Object.entries({ Host: `${hostname}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`POST ${pathname} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

describe("POST /api/widget/uploads/sdk", () => {
  test("a webm recording is stored, recorded and answered with a fileUrl serving the same bytes", async () => {
    const { fileUrl, fileName } = await uploadOk(new Blob([webmBytes], { type: "video/webm;codecs=vp9" }));
    expect(fileName.endsWith(".webm")).toBe(true);

    const rows = await server.db.sql`SELECT u.id, u.storage_key, u.content_type, u.size, p.sdk_key
      FROM uploads u JOIN widget_projects p ON p.id = u.project_id WHERE u.storage_key = ${`uploads/${fileName}`}`;
    // BIGINT comes back as text from PostgreSQL and as a number from SQLite.
    expect(rows.map((row: Record<string, unknown>) => ({ ...row, size: Number(row.size) }))).toEqual([
      {
        id: fileName.replace(".webm", ""),
        storage_key: `uploads/${fileName}`,
        content_type: "video/webm",
        size: webmBytes.length,
        sdk_key: "demo",
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

  test("a browser's `blob` part keeps the type it declares (Bun's own formData() would drop it)", async () => {
    const boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: video/webm\r\n\r\n`;
    const body = new Blob([head, webmBytes, `\r\n--${boundary}--\r\n`]);
    const response = await fetch(`${main}/api/widget/uploads/sdk`, {
      method: "POST",
      headers: { "Api-Token": "demo", "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(200);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    expect(fileUrl.endsWith(".webm")).toBe(true);
    const served = await fetch(fileUrl);
    expect(served.headers.get("content-type")).toBe("video/webm");
    expect(await served.bytes()).toEqual(webmBytes);
  });

  test("range requests: a single range, an open range, a suffix, and one past the end", async () => {
    const { fileUrl } = await uploadOk(new Blob([webmBytes], { type: "video/webm" }));
    const size = webmBytes.length;
    const ranged = (range: string) => fetch(fileUrl, { headers: { Range: range } });

    const first = await ranged("bytes=0-9");
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get("content-length")).toBe("10");
    expect(await first.bytes()).toEqual(webmBytes.slice(0, 10));

    const rest = await ranged("bytes=200-");
    expect(rest.status).toBe(206);
    expect(await rest.bytes()).toEqual(webmBytes.slice(200));

    const suffix = await ranged("bytes=-16");
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
    expect(await suffix.bytes()).toEqual(webmBytes.slice(size - 16));

    const past = await ranged(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);

    const several = await ranged("bytes=0-1,4-5");
    expect(several.status).toBe(200);
    expect(await several.bytes()).toEqual(webmBytes);
  });

  test("an unknown or missing SDK key is 401 and stores nothing", async () => {
    const before = await uploadCount(server.db.sql);
    const blob = new Blob([pngBytes], { type: "image/png" });
    const unknown = await upload(main, formWith(blob), "not-a-key");
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: string }).error).toBe("Unknown SDK key");
    expect((await upload(main, formWith(blob), null)).status).toBe(401);
    expect(await uploadCount(server.db.sql)).toBe(before);
  });

  test("a type outside the allow-list is 415 naming the type, and stores nothing", async () => {
    const before = await uploadCount(server.db.sql);
    const files = await readdir(join(server.dataDir, "files", "uploads")).catch(() => []);
    const response = await upload(main, formWith(new Blob(["<script>1</script>"], { type: "text/html" })));
    expect(response.status).toBe(415);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain("text/html");
    expect(body.error).toContain("video/webm");
    const untyped = await upload(main, formWith(new Blob([pngBytes])));
    expect(untyped.status).toBe(415);
    expect(await uploadCount(server.db.sql)).toBe(before);
    expect(await readdir(join(server.dataDir, "files", "uploads")).catch(() => [])).toEqual(files);
  });

  test("a form without a file field, a text field named file, or a non-multipart body is 400", async () => {
    const other = new FormData();
    other.append("attachment", new Blob([pngBytes], { type: "image/png" }));
    const missing = await upload(main, other);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe("Missing file field");
    expect((await upload(main, formWith("just text"))).status).toBe(400);
    const json = await fetch(`${main}/api/widget/uploads/sdk`, {
      method: "POST",
      headers: { "Api-Token": "demo", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);
    const empty = await upload(main, formWith(new Blob([], { type: "image/png" }), "empty.png"));
    expect(empty.status).toBe(400);
  });

  test("the default limit is 100 MB: a larger declared body is refused with 413 before it is read", async () => {
    expect(defaultMaxUploadBytes).toBe(100 * 1024 * 1024);
    const answer = await rawPost(
      `${main}/api/widget/uploads/sdk`,
      {
        "Api-Token": "demo",
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

describe("upload limits and failures (routes served on their own with lowered limits)", () => {
  let apiServer: ReturnType<typeof Bun.serve>;
  let base: string;
  let workDir: string;
  const databases = tempDatabases("upload-failure");

  function serve(sql: SQL, storage: FileStorage, maxUploadBytes: number) {
    const api = createWidgetApi(
      { sql, sessionSecret: "unused" },
      uploadRoutes({ sql, storage, publicUrl: () => "http://files.example", maxUploadBytes }),
    );
    // Wrapped like the real server, so a throw becomes a logged 500.
    const handler = withRequestLog<undefined>(createLogger("silent"), "main", (request) =>
      api.handle(request, "127.0.0.1"),
    );
    return Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (request, bunServer) =>
        (await handler(request, bunServer)) ?? new Response(null, { status: 500 }),
    });
  }

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), "upload-limits-"));
    await databases.setup();
    apiServer = serve(server.db.sql, createLocalFileStorage(join(workDir, "files")), 1000);
    base = `http://127.0.0.1:${apiServer.port}`;
  });

  afterAll(async () => {
    apiServer.stop(true);
    await databases.cleanup();
    await rm(workDir, { recursive: true, force: true });
  });

  test("a file at the limit is accepted; one byte more is 413", async () => {
    const at = await upload(base, formWith(new Blob([new Uint8Array(1000)], { type: "image/gif" })));
    expect(at.status).toBe(200);
    expect(((await at.json()) as { fileUrl: string }).fileUrl).toMatch(
      /^http:\/\/files\.example\/api\/files\/uploads\/[0-9a-f-]{36}\.gif$/,
    );
    const over = await upload(base, formWith(new Blob([new Uint8Array(1001)], { type: "image/gif" })));
    expect(over.status).toBe(413);
    expect(((await over.json()) as { error: string }).error).toBe(
      "The file is larger than the 1000 bytes limit",
    );
  });

  test("a declared Content-Length past the limit is refused without reading the body", async () => {
    const answer = await rawPost(
      `${base}/api/widget/uploads/sdk`,
      {
        "Api-Token": "demo",
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": "10000000",
      },
      "--x\r\n",
    );
    expect(answer.status).toBe(413);
  });

  test("a chunked body with no Content-Length is cut off once it passes the limit", async () => {
    const form = new Response(formWith(new Blob([new Uint8Array(200_000)], { type: "image/png" })));
    const contentType = form.headers.get("content-type") ?? "";
    const bytes = await form.bytes();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(sent, sent + 16_384));
        sent += 16_384;
      },
    });
    const response = await fetch(`${base}/api/widget/uploads/sdk`, {
      method: "POST",
      headers: { "Api-Token": "demo", "Content-Type": contentType },
      body: stream,
    });
    expect(response.status).toBe(413);
  });

  test("when the row cannot be written the stored object is deleted again", async () => {
    const db = await databases.open("failing", { migrated: true });
    await seedDemoData(db.sql);
    // SQLite-only setup for this test: make every upload row fail to insert.
    await db.sql.unsafe(
      `CREATE TRIGGER no_uploads BEFORE INSERT ON uploads BEGIN SELECT RAISE(ABORT, 'no'); END`,
    );
    const dir = join(workDir, "failing-files");
    const puts: string[] = [];
    const local = createLocalFileStorage(dir);
    const recording: FileStorage = {
      ...local,
      async put(key, data, contentType) {
        puts.push(key);
        await local.put(key, data, contentType);
      },
    };
    const failing = serve(db.sql, recording, 1000);
    try {
      const response = await upload(
        `http://127.0.0.1:${failing.port}`,
        formWith(new Blob([pngBytes], { type: "image/png" })),
      );
      expect(response.status).toBe(500);
    } finally {
      failing.stop(true);
    }
    expect(puts).toHaveLength(1);
    expect(await local.get(puts[0] ?? "")).toBeNull();
    expect(await readdir(join(dir, "uploads"))).toEqual([]);
    expect(await uploadCount(db.sql)).toBe(0);
  });
});

describe("GET /api/files/uploads/:name", () => {
  test("an unknown or malformed name is a 404 JSON error", async () => {
    for (const name of ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png", "anything.png", "x", "..%2Fapp.sqlite"]) {
      const response = await fetch(`${main}/api/files/uploads/${name}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(((await response.json()) as { error: string }).error).toBeString();
    }
  });

  test("HEAD answers the headers with the length and no body", async () => {
    const { fileName } = await uploadOk(new Blob([pngBytes], { type: "image/png" }));
    const response = await fetch(`${main}/api/files/uploads/${fileName}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(pngBytes.length));
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(await response.arrayBuffer()).toHaveProperty("byteLength", 0);
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
  });

  afterAll(async () => {
    await s3Server?.dispose();
    await s3?.stop();
  });

  test("the upload goes to the bucket and is served through the server, ranges included", async () => {
    const response = await upload(s3Server.mainUrl, formWith(new Blob([webmBytes], { type: "video/webm" })));
    expect(response.status).toBe(200);
    const { fileUrl } = (await response.json()) as { fileUrl: string };
    expect(fileUrl.startsWith(`${s3Server.mainUrl}/api/files/uploads/`)).toBe(true);
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
});
