import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { createStaticFiles, type StaticFiles } from "./static-files.ts";

let workDir: string;
let root: string;
let files: StaticFiles;

const loaderSource = "/* loader source */";
const hashedSource = "/* hashed chunk */";
const demoPage = "<!doctype html><title>demo</title>";

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response | null> {
  return files.serve(new Request(`http://localhost${path}`, { method, headers }), path);
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "static-files-test-"));
  root = join(workDir, "root");
  await mkdir(join(root, "sdk"), { recursive: true });
  await mkdir(join(root, "assets"), { recursive: true });
  await mkdir(join(root, "demo"), { recursive: true });
  await mkdir(join(root, "empty"), { recursive: true });
  await writeFile(join(root, "sdk", "loader.js"), loaderSource);
  await writeFile(join(root, "sdk", "loader.js.br"), brotliCompressSync(loaderSource));
  await writeFile(join(root, "assets", "chunk-abcd1234.js"), hashedSource);
  await writeFile(join(root, "demo", "index.html"), demoPage);
  await writeFile(join(root, "flag.svg"), "<svg/>");
  // Outside the root: traversal must never reach it.
  await writeFile(join(workDir, "secret"), "top secret");
  files = createStaticFiles(root, { crossOrigin: (pathname) => pathname.startsWith("/sdk/") });
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe("createStaticFiles", () => {
  test("serves a file with its content type, length and cache header", async () => {
    const response = await get("/assets/chunk-abcd1234.js");
    expect(response).not.toBeNull();
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toStartWith("text/javascript");
    expect(response?.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response?.headers.get("Content-Length")).toBe(String(hashedSource.length));
    expect(response?.headers.get("ETag")).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
    expect(await response?.text()).toBe(hashedSource);
  });

  test("serves a non-hashed file with the one-hour policy and its type", async () => {
    const response = await get("/flag.svg");
    expect(response?.headers.get("Content-Type")).toStartWith("image/svg+xml");
    expect(response?.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response?.text()).toBe("<svg/>");
  });

  test("/demo serves /demo/index.html, revalidated", async () => {
    for (const path of ["/demo", "/demo/"]) {
      const response = await get(path);
      expect(response?.status).toBe(200);
      expect(response?.headers.get("Content-Type")).toStartWith("text/html");
      expect(response?.headers.get("Cache-Control")).toBe("no-cache");
      expect(await response?.text()).toBe(demoPage);
    }
  });

  const unserved: [name: string, paths: string[]][] = [
    ["a missing file answers null", ["/nope.js", "/demo/nope.html"]],
    [
      "path traversal answers null",
      ["/../secret", "/%2e%2e/secret", "/%2E%2E/%2E%2E/secret", "/sdk/..%2f..%2fsecret"],
    ],
    ["an encoded NUL answers null", ["/sdk/loader.js%00", "/sdk/loader.js%00.png"]],
    ["a malformed escape answers null", ["/sdk/%E0%A4%A", "/%"]],
    ["a directory without index.html answers null", ["/empty", "/empty/", "/sdk"]],
  ];
  for (const [name, paths] of unserved) {
    test(name, async () => {
      for (const path of paths) expect(await get(path)).toBeNull();
    });
  }

  test("a .br sibling is served only when Accept-Encoding allows br", async () => {
    const compressed = await get("/sdk/loader.js", { "Accept-Encoding": "gzip, br" });
    expect(compressed?.headers.get("Content-Encoding")).toBe("br");
    expect(compressed?.headers.get("Vary")).toBe("Accept-Encoding");
    expect(compressed?.headers.get("Content-Type")).toStartWith("text/javascript");
    const bytes = new Uint8Array(await (compressed as Response).arrayBuffer());
    expect(compressed?.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(brotliDecompressSync(bytes).toString()).toBe(loaderSource);

    const plain = await get("/sdk/loader.js", { "Accept-Encoding": "gzip" });
    expect(plain?.headers.get("Content-Encoding")).toBeNull();
    expect(plain?.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await plain?.text()).toBe(loaderSource);

    const refused = await get("/sdk/loader.js", { "Accept-Encoding": "br;q=0" });
    expect(refused?.headers.get("Content-Encoding")).toBeNull();
    expect(await refused?.text()).toBe(loaderSource);
  });

  test("no Accept-Encoding header gets the plain file", async () => {
    const response = await get("/sdk/loader.js");
    expect(response?.headers.get("Content-Encoding")).toBeNull();
    expect(response?.headers.get("Cache-Control")).toBe("no-cache");
    expect(await response?.text()).toBe(loaderSource);
  });

  test("If-None-Match with the ETag answers 304 without a body", async () => {
    const first = await get("/assets/chunk-abcd1234.js");
    const etag = first?.headers.get("ETag") ?? "";
    expect(etag).not.toBe("");
    const second = await get("/assets/chunk-abcd1234.js", { "If-None-Match": etag });
    expect(second?.status).toBe(304);
    expect(second?.headers.get("ETag")).toBe(etag);
    expect(await second?.text()).toBe("");

    const stale = await get("/assets/chunk-abcd1234.js", { "If-None-Match": 'W/"other"' });
    expect(stale?.status).toBe(200);
  });

  test("a 304 keeps Vary, and If-None-Match may be a list or *", async () => {
    const etag = (await get("/sdk/loader.js"))?.headers.get("ETag") ?? "";
    const listed = await get("/sdk/loader.js", { "If-None-Match": `W/"other", ${etag}` });
    expect(listed?.status).toBe(304);
    expect(listed?.headers.get("Vary")).toBe("Accept-Encoding");
    expect((await get("/sdk/loader.js", { "If-None-Match": "*" }))?.status).toBe(304);
    // Weak comparison: the strong form of the same tag matches too.
    expect((await get("/sdk/loader.js", { "If-None-Match": etag.replace(/^W\//, "") }))?.status).toBe(304);
  });

  test("a root given with a trailing slash serves the same files", async () => {
    const slashed = createStaticFiles(`${root}/`);
    const response = await slashed.serve(new Request("http://localhost/flag.svg"), "/flag.svg");
    expect(response?.status).toBe(200);
  });

  test("methods other than GET and HEAD answer null", async () => {
    expect(await get("/sdk/loader.js", {}, "POST")).toBeNull();
    expect(await get("/sdk/loader.js", {}, "PUT")).toBeNull();
    expect(await get("/sdk/loader.js", {}, "DELETE")).toBeNull();
  });

  test("the crossOrigin option opens matching paths to every origin", async () => {
    const open = await get("/sdk/loader.js");
    expect(open?.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(open?.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");

    const closed = await get("/assets/chunk-abcd1234.js");
    expect(closed?.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(closed?.headers.get("Cross-Origin-Resource-Policy")).toBeNull();
  });

  test("without options no file is cross-origin", async () => {
    const plainFiles = createStaticFiles(root);
    const response = await plainFiles.serve(new Request("http://localhost/sdk/loader.js"), "/sdk/loader.js");
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  test("HEAD answers the headers without a body", async () => {
    const response = await get("/assets/chunk-abcd1234.js", {}, "HEAD");
    expect(response?.status).toBe(200);
    expect(response?.body).toBeNull();
    expect(response?.headers.get("Content-Length")).toBe(String(hashedSource.length));
    expect(response?.headers.get("Content-Type")).toStartWith("text/javascript");
    expect(await response?.text()).toBe("");
  });
});
