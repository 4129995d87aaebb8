import { describe, expect, test } from "bun:test";
import { parseRange, rangeResponse } from "./range-response.ts";

describe("parseRange", () => {
  test.each([
    [null, { kind: "whole" }],
    ["bytes=0-4", { kind: "range", start: 0, end: 4 }],
    ["bytes=5-", { kind: "range", start: 5, end: 9 }],
    ["bytes=-3", { kind: "range", start: 7, end: 9 }],
    ["bytes=-50", { kind: "range", start: 0, end: 9 }],
    ["bytes=8-100", { kind: "range", start: 8, end: 9 }],
    ["BYTES = 2-3", { kind: "range", start: 2, end: 3 }],
    ["bytes=10-", { kind: "unsatisfiable" }],
    ["bytes=10-20", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=0-1,4-5", { kind: "whole" }],
    ["bytes=5-2", { kind: "whole" }],
    ["bytes=-", { kind: "whole" }],
    ["bytes=a-b", { kind: "whole" }],
    ["items=0-1", { kind: "whole" }],
    ["bytes", { kind: "whole" }],
  ] as const)("%p of 10 bytes is %o", (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });

  test("any range of an empty body is unsatisfiable", () => {
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-5", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("rangeResponse", () => {
  const blob = new Blob(["0123456789"], { type: "video/webm" });
  const request = (headers: Record<string, string> = {}, method = "GET") =>
    new Request("http://localhost/file", { method, headers });

  test("without Range the whole body is a 200 with Accept-Ranges and the caller's headers", async () => {
    const response = rangeResponse(request(), blob, { "Cache-Control": "public, max-age=60" });
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-length")).toBe("10");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await response.text()).toBe("0123456789");
  });

  test("a single range is a 206 with Content-Range and just those bytes", async () => {
    const response = rangeResponse(request({ Range: "bytes=2-5" }), blob);
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(response.headers.get("content-length")).toBe("4");
    expect(await response.text()).toBe("2345");
  });

  test("open-ended and suffix ranges", async () => {
    const open = rangeResponse(request({ Range: "bytes=7-" }), blob);
    expect(open.headers.get("content-range")).toBe("bytes 7-9/10");
    expect(await open.text()).toBe("789");
    const suffix = rangeResponse(request({ Range: "bytes=-4" }), blob);
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 6-9/10");
    expect(await suffix.text()).toBe("6789");
  });

  test("a range past the end is a 416 naming the size, without the caller's caching", async () => {
    const response = rangeResponse(request({ Range: "bytes=10-" }), blob, {
      "Cache-Control": "public, max-age=31536000, immutable",
      "Access-Control-Allow-Origin": "*",
    });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */10");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await response.json()) as { error: string }).error).toContain("10 bytes");
  });

  test("several ranges get the whole body", async () => {
    const response = rangeResponse(request({ Range: "bytes=0-1,5-6" }), blob);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("0123456789");
  });

  test("HEAD answers the headers of the GET with no body", async () => {
    const response = rangeResponse(request({ Range: "bytes=1-2" }, "HEAD"), blob);
    expect(response.status).toBe(206);
    expect(response.headers.get("content-length")).toBe("2");
    expect(response.headers.get("content-range")).toBe("bytes 1-2/10");
    expect(await response.text()).toBe("");
  });

  test("If-Range honours the range only when it matches the strong ETag", async () => {
    const headers = { ETag: '"v1"' };
    const matching = rangeResponse(request({ Range: "bytes=0-0", "If-Range": '"v1"' }), blob, headers);
    expect(matching.status).toBe(206);
    const stale = rangeResponse(request({ Range: "bytes=0-0", "If-Range": '"v0"' }), blob, headers);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe("0123456789");
  });

  test("a Blob-like object that is not a Blob is streamed with its exact length", async () => {
    const view: Blob = {
      size: blob.size,
      type: blob.type,
      slice: (start, end, type) => blob.slice(start, end, type),
      stream: () => blob.stream(),
      arrayBuffer: () => blob.arrayBuffer(),
      bytes: () => blob.bytes(),
      text: () => blob.text(),
      json: () => blob.json(),
      formData: () => blob.formData(),
      image: (options) => blob.image(options),
    };
    const whole = rangeResponse(request(), view);
    expect(whole.headers.get("content-length")).toBe("10");
    expect(await whole.text()).toBe("0123456789");
  });
});
