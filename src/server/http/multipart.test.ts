import { describe, expect, test } from "bun:test";
import { multipartBoundary, parseMultipart } from "./multipart.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("multipartBoundary", () => {
  test.each([
    ["multipart/form-data; boundary=abc", "abc"],
    ['Multipart/Form-Data; charset=utf-8; boundary="a;b c"', "a;b c"],
    ["multipart/form-data", null],
    ["multipart/mixed; boundary=abc", null],
    ["application/json", null],
    [null, null],
  ] as const)("%p → %p", (header, expected) => {
    expect(multipartBoundary(header)).toBe(expected);
  });
});

describe("parseMultipart", () => {
  test("reads fields and files with the part's own content type, as a browser sends them", () => {
    const body = encode(
      [
        "preamble to ignore",
        "--XyZ",
        'Content-Disposition: form-data; name="note"',
        "",
        "hello",
        "--XyZ",
        'content-disposition: form-data; name="file"; filename="blob"',
        "Content-Type: video/webm;codecs=vp9",
        "",
        "line one --XyZ inside\r\n-XyZ line two",
        "--XyZ--",
        "epilogue",
      ].join("\r\n"),
    );
    const parts = parseMultipart(body, "XyZ");
    expect(parts?.map(({ name, filename, contentType }) => ({ name, filename, contentType }))).toEqual([
      { name: "note", filename: null, contentType: null },
      { name: "file", filename: "blob", contentType: "video/webm;codecs=vp9" },
    ]);
    expect(decode(parts?.[0]?.data ?? new Uint8Array())).toBe("hello");
    expect(decode(parts?.[1]?.data ?? new Uint8Array())).toBe("line one --XyZ inside\r\n-XyZ line two");
  });

  test("quoted names may hold semicolons and escaped quotes; an empty part has no bytes", () => {
    const body = encode(
      [
        "--b",
        'Content-Disposition: form-data; name="file"; filename="a; \\"b\\".png"',
        "Content-Type: image/png",
        "",
        "",
        "--b--",
      ].join("\r\n"),
    );
    const [part] = parseMultipart(body, "b") ?? [];
    expect(part?.filename).toBe('a; "b".png');
    expect(part?.data.byteLength).toBe(0);
  });

  test("binary data is kept byte for byte, as a view into the body", async () => {
    const payload = Uint8Array.from({ length: 5000 }, (_, index) => (index * 31) % 256);
    const form = new FormData();
    form.append("file", new Blob([payload], { type: "image/png" }), "shot.png");
    const response = new Response(form);
    const boundary = multipartBoundary(response.headers.get("content-type"));
    if (boundary === null) throw new Error("Bun sent no boundary");
    const body = await response.bytes();
    const [part] = parseMultipart(body, boundary) ?? [];
    expect(part?.contentType).toBe("image/png");
    expect(part?.data).toEqual(payload);
    expect(part?.data.buffer).toBe(body.buffer);
  });

  test.each([
    ["no delimiter at all", "just text"],
    ["no closing delimiter", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    ["a part without Content-Disposition", "--b\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--b--"],
    ["a part without a name", '--b\r\nContent-Disposition: form-data; filename="x"\r\n\r\nvalue\r\n--b--'],
    ["headers that never end", '--b\r\nContent-Disposition: form-data; name="a"'],
  ])("%s is malformed", (_, text) => {
    expect(parseMultipart(encode(text), "b")).toBeNull();
  });
});
