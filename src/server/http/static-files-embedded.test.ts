import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStaticFiles } from "./static-files.ts";

// Files embedded in the compiled binary report no modification time (0); two releases' loader.js of
// one length must still get different tags, or a browser keeps the old one on a 304.

let workDir: string;

async function releaseWithLoader(name: string, source: string): Promise<string> {
  const root = join(workDir, name);
  await mkdir(join(root, "sdk"), { recursive: true });
  const path = join(root, "sdk", "loader.js");
  await writeFile(path, source);
  await utimes(path, 0, 0);
  return root;
}

const tagOf = async (root: string, headers: Record<string, string> = {}) => {
  const response = await createStaticFiles(root).serve(
    new Request("http://localhost/sdk/loader.js", { headers }),
    "/sdk/loader.js",
  );
  return { status: response?.status, etag: response?.headers.get("ETag") ?? null };
};

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "static-files-embedded-"));
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

describe("static files without a modification time", () => {
  test("are tagged by their content: same length, other bytes, another tag", async () => {
    const first = await tagOf(await releaseWithLoader("first", 'load("chunk-aaaa1111.js")'));
    const second = await tagOf(await releaseWithLoader("second", 'load("chunk-bbbb2222.js")'));
    expect(first.etag).toMatch(/^W\/"[0-9a-z]+-h[0-9a-z]+"$/);
    expect(second.etag).not.toBe(first.etag);
  });

  test("the same bytes keep their tag, and a browser holding it gets a 304", async () => {
    const root = await releaseWithLoader("third", 'load("chunk-aaaa1111.js")');
    const { etag } = await tagOf(root);
    expect(await tagOf(await releaseWithLoader("fourth", 'load("chunk-aaaa1111.js")'))).toEqual({
      status: 200,
      etag,
    });
    expect((await tagOf(root, { "If-None-Match": etag ?? "" })).status).toBe(304);
  });
});
