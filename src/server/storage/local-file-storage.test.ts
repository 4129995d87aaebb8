import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileStorage } from "./file-storage.ts";
import { createLocalFileStorage } from "./local-file-storage.ts";

let workDir: string;
let root: string;
let storage: FileStorage;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "local-storage-test-"));
  root = join(workDir, "files");
  storage = createLocalFileStorage(root);
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

describe("local file storage", () => {
  test("put then get answers the same bytes and content type, as a file under the folder", async () => {
    const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
    await storage.put("uploads/clip.webm", bytes, "video/webm");
    const blob = await storage.get("uploads/clip.webm");
    expect(blob).not.toBeNull();
    expect(blob?.type).toBe("video/webm");
    expect(blob?.size).toBe(bytes.length);
    expect(await blob?.bytes()).toEqual(bytes);
    expect(await Bun.file(join(root, "uploads/clip.webm")).bytes()).toEqual(bytes);
  });

  test("a Blob or string can be stored, and slices read part of it", async () => {
    await storage.put("reports/r1/replay.json", new Blob(['{"a":1}']), "application/json");
    await storage.put("notes/a.txt", "hello world", "text/plain");
    expect(await (await storage.get("reports/r1/replay.json"))?.json()).toEqual({ a: 1 });
    expect(await (await storage.get("notes/a.txt"))?.slice(6, 11).text()).toBe("world");
  });

  test("the content type survives a new storage over the same folder", async () => {
    await storage.put("uploads/shot.png", new Uint8Array([137, 80, 78, 71]), "image/png");
    const reopened = createLocalFileStorage(root);
    expect((await reopened.get("uploads/shot.png"))?.type).toBe("image/png");
  });

  test("a missing key reads as null", async () => {
    expect(await storage.get("uploads/nothing.png")).toBeNull();
  });

  test("delete removes the object and its type, and a second delete is harmless", async () => {
    await storage.put("uploads/gone.gif", new Uint8Array([71, 73, 70]), "image/gif");
    await storage.delete("uploads/gone.gif");
    expect(await storage.get("uploads/gone.gif")).toBeNull();
    await storage.delete("uploads/gone.gif");
    const left = await readdir(join(root, "uploads"));
    expect(left.filter((name) => name.startsWith("gone."))).toEqual([]);
  });

  test.each([
    "../escape.txt",
    "uploads/../../escape.txt",
    "/etc/passwd",
    "",
    ".hidden",
    "uploads/a b.png",
    "uploads\\x.png",
  ])("the key %p is refused by put, get and delete", async (key) => {
    await expect(storage.put(key, "x", "text/plain")).rejects.toThrow("Invalid storage key");
    await expect(storage.get(key)).rejects.toThrow("Invalid storage key");
    await expect(storage.delete(key)).rejects.toThrow("Invalid storage key");
    expect(await Bun.file(join(workDir, "escape.txt")).exists()).toBe(false);
  });
});

async function* chunksOf(total: number, size: number, failAfter = Number.POSITIVE_INFINITY) {
  for (let sent = 0; sent < total; sent += size) {
    if (sent >= failAfter) throw new Error("the upload was refused");
    yield Uint8Array.from({ length: Math.min(size, total - sent) }, (_, index) => (sent + index) % 256);
  }
}

describe("local file storage, streamed writes", () => {
  test("putStream stores the chunks in order with the type, and answers the size", async () => {
    const size = await storage.putStream("uploads/streamed.webm", chunksOf(100_000, 4096), "video/webm");
    expect(size).toBe(100_000);
    const blob = await storage.get("uploads/streamed.webm");
    expect(blob?.type).toBe("video/webm");
    expect(await blob?.bytes()).toEqual(Uint8Array.from({ length: 100_000 }, (_, index) => index % 256));
  });

  test("the object appears only when complete: partial bytes sit under a name no key reaches", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slow() {
      yield new Uint8Array(1000).fill(1);
      await held;
      yield new Uint8Array(1000).fill(2);
    }
    const writing = storage.putStream("uploads/slow.png", slow(), "image/png");
    let partial: string[] = [];
    for (let tries = 0; tries < 200 && partial.length === 0; tries++) {
      await Bun.sleep(5);
      partial = await readdir(join(root, ".incoming")).catch(() => []);
    }
    expect(partial).toHaveLength(1);
    expect(await storage.get("uploads/slow.png")).toBeNull();
    release();
    expect(await writing).toBe(2000);
    expect((await storage.get("uploads/slow.png"))?.size).toBe(2000);
    expect(await readdir(join(root, ".incoming"))).toEqual([]);
  });

  test("when the chunks throw, putStream rethrows and leaves nothing, not even the partial file", async () => {
    await expect(
      storage.putStream("uploads/refused.webm", chunksOf(100_000, 4096, 50_000), "video/webm"),
    ).rejects.toThrow("the upload was refused");
    expect(await storage.get("uploads/refused.webm")).toBeNull();
    const left = await readdir(join(root, "uploads"));
    expect(left.filter((name) => name.startsWith("refused."))).toEqual([]);
    expect(await readdir(join(root, ".incoming"))).toEqual([]);
  });

  test("putStream refuses a bad key before writing anything", async () => {
    await expect(storage.putStream("../escape.txt", chunksOf(10, 10), "text/plain")).rejects.toThrow(
      "Invalid storage key",
    );
    expect(await Bun.file(join(workDir, "escape.txt")).exists()).toBe(false);
  });
});
