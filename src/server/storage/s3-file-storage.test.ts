import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { rangeResponse } from "../http/range-response.ts";
import { type FakeS3, startFakeS3 } from "../test-support/s3rver.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { createFileStorage } from "./create-file-storage.ts";
import type { FileStorage } from "./file-storage.ts";
import { createS3FileStorage } from "./s3-file-storage.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

// A real S3 wire protocol: s3rver in a Node child process, reached over loopback HTTP.
let s3: FakeS3;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startFakeS3("uploads-test");
  storage = createS3FileStorage(s3.target);
});

afterAll(() => s3?.stop());

const bytes = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 7) % 256);

describe("S3 file storage", () => {
  test("put then get answers the size, content type and bytes", async () => {
    const data = bytes(1000);
    await storage.put("uploads/clip.webm", data, "video/webm");
    const blob = await storage.get("uploads/clip.webm");
    expect(blob).not.toBeNull();
    expect(blob?.size).toBe(1000);
    expect(blob?.type).toBe("video/webm");
    expect(await blob?.bytes()).toEqual(data);
  });

  test("a Blob and a string are stored too, with the type given rather than the Blob's", async () => {
    await storage.put("uploads/shot.png", new Blob([bytes(10)], { type: "text/plain" }), "image/png");
    await storage.put("reports/r1/notes.json", '{"a":1}', "application/json");
    expect((await storage.get("uploads/shot.png"))?.type).toBe("image/png");
    const json = await storage.get("reports/r1/notes.json");
    expect(json?.size).toBe(7);
    expect(await json?.json()).toEqual({ a: 1 });
  });

  test("slices read only their bytes, and slices of slices stay inside", async () => {
    const data = bytes(1000);
    await storage.put("uploads/sliced.mp4", data, "video/mp4");
    const blob = await storage.get("uploads/sliced.mp4");
    if (!blob) throw new Error("stored object missing");
    const middle = blob.slice(100, 200);
    expect(middle.size).toBe(100);
    expect(middle.type).toBe("video/mp4");
    expect(await middle.bytes()).toEqual(data.slice(100, 200));
    expect(await middle.slice(10, 20).bytes()).toEqual(data.slice(110, 120));
    expect(await middle.slice(-5).bytes()).toEqual(data.slice(195, 200));
    expect(await blob.slice(990, 5000).bytes()).toEqual(data.slice(990));
    expect(blob.slice(500, 500).size).toBe(0);
    expect(await blob.slice(500, 500).bytes()).toEqual(new Uint8Array(0));
    expect(await new Response(blob.slice(0, 3).stream()).bytes()).toEqual(data.slice(0, 3));
  });

  test("a stored object answers ranges through rangeResponse with its bytes, not a redirect", async () => {
    const data = bytes(300);
    await storage.put("uploads/ranged.webm", data, "video/webm");
    const blob = await storage.get("uploads/ranged.webm");
    if (!blob) throw new Error("stored object missing");
    const request = new Request("http://localhost/f", { headers: { Range: "bytes=-50" } });
    const response = rangeResponse(request, blob);
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 250-299/300");
    expect(await response.bytes()).toEqual(data.slice(250));
  });

  test("a missing key reads as null", async () => {
    expect(await storage.get("uploads/missing.png")).toBeNull();
  });

  test("delete removes the object; deleting a missing one is harmless", async () => {
    await storage.put("uploads/gone.gif", bytes(5), "image/gif");
    await storage.delete("uploads/gone.gif");
    expect(await storage.get("uploads/gone.gif")).toBeNull();
    await storage.delete("uploads/gone.gif");
  });

  test.each(["../escape", "/absolute", "uploads/../x"])("the key %p is refused", async (key) => {
    await expect(storage.put(key, "x", "text/plain")).rejects.toThrow("Invalid storage key");
    await expect(storage.get(key)).rejects.toThrow("Invalid storage key");
  });

  test("createFileStorage picks S3 for an s3 target", async () => {
    const viaFactory = createFileStorage(s3.target);
    await viaFactory.put("uploads/factory.png", bytes(4), "image/png");
    expect((await storage.get("uploads/factory.png"))?.size).toBe(4);
  });

  test("unknown credentials are an error, not a missing object", async () => {
    const wrong = createS3FileStorage({ ...s3.target, accessKeyId: "NOT-S3RVER" });
    await storage.put("uploads/private.png", bytes(4), "image/png");
    await expect(wrong.get("uploads/private.png")).rejects.toThrow();
  });
});

async function* chunksOf(total: number, size: number, failAfter = Number.POSITIVE_INFINITY) {
  for (let sent = 0; sent < total; sent += size) {
    if (sent >= failAfter) throw new Error("the upload was refused");
    yield bytes(Math.min(size, total - sent));
  }
}

describe("S3 file storage, streamed writes", () => {
  test("putStream of a small object stores it with its type and answers the size", async () => {
    expect(await storage.putStream("uploads/small-stream.png", chunksOf(10_000, 1000), "image/png")).toBe(
      10_000,
    );
    const blob = await storage.get("uploads/small-stream.png");
    expect(blob?.type).toBe("image/png");
    expect(blob?.size).toBe(10_000);
  });

  test("putStream of several 5 MB parts goes up as a multipart upload with every byte in order", async () => {
    const total = 12 * 1024 * 1024 + 123;
    const chunk = 256 * 1024;
    expect(await storage.putStream("uploads/big-stream.webm", chunksOf(total, chunk), "video/webm")).toBe(
      total,
    );
    const blob = await storage.get("uploads/big-stream.webm");
    expect(blob?.size).toBe(total);
    expect(blob?.type).toBe("video/webm");
    const expected = new Uint8Array(total);
    for (let offset = 0; offset < total; offset += chunk)
      expected.set(bytes(Math.min(chunk, total - offset)), offset);
    expect(await blob?.bytes()).toEqual(expected);
  });

  test.each([
    ["before the first part", 100_000],
    ["after a part went up", 7 * 1024 * 1024],
  ])("when the chunks throw %s, putStream rethrows and leaves no object", async (_, failAfter) => {
    const key = `uploads/refused-${failAfter}.webm`;
    await expect(
      storage.putStream(key, chunksOf(10 * 1024 * 1024, 256 * 1024, failAfter), "video/webm"),
    ).rejects.toThrow("the upload was refused");
    expect(await storage.get(key)).toBeNull();
  });
});
