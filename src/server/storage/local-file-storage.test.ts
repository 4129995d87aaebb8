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
