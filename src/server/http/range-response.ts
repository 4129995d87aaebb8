import { jsonError } from "./json-response.ts";

/** What a `Range` header asks of a body of a known size (RFC 9110 §14). */
export type RangeRequest =
  | { kind: "whole" }
  | { kind: "range"; start: number; end: number }
  | { kind: "unsatisfiable" };

const singleRange = /^(\d*)-(\d*)$/;

/**
 * Reads a `Range` header against a body of `size` bytes; `end` is inclusive. A header that is absent,
 * malformed, in another unit or asks for several ranges means the whole body: RFC 9110 lets a server
 * ignore any Range, and one 200 is simpler for every client than a multipart/byteranges answer.
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (header === null) return { kind: "whole" };
  const [unit, spec, ...rest] = header.split("=");
  if (rest.length > 0 || spec === undefined || unit?.trim().toLowerCase() !== "bytes")
    return { kind: "whole" };
  if (spec.includes(",")) return { kind: "whole" };
  const match = singleRange.exec(spec.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // Suffix range: the last n bytes, all of them when n exceeds the size.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const lastAsked = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (lastAsked < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(lastAsked, size - 1) };
}

/**
 * Answers a GET or HEAD for `blob` with `headers` (content type, caching, CORS), honouring a single
 * byte range: 206 with Content-Range, 416 with `Content-Range: bytes *\/size` when it lies past the
 * end, 200 with the whole body otherwise. An `If-Range` that does not name the caller's strong ETag
 * means the client's copy may be stale, so it gets the whole body.
 */
export function rangeResponse(request: Request, blob: Blob, headers: HeadersInit = {}): Response {
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Accept-Ranges", "bytes");
  if (!responseHeaders.has("Content-Type"))
    responseHeaders.set("Content-Type", blob.type || "application/octet-stream");
  const size = blob.size;
  const ifRange = request.headers.get("if-range");
  const etag = responseHeaders.get("ETag");
  const rangeHeader =
    ifRange === null || (etag !== null && !etag.startsWith("W/") && ifRange === etag)
      ? request.headers.get("range")
      : null;
  const range = parseRange(rangeHeader, size);

  if (range.kind === "unsatisfiable") {
    responseHeaders.set("Content-Range", `bytes */${size}`);
    responseHeaders.delete("Content-Type");
    responseHeaders.delete("Cache-Control");
    responseHeaders.delete("ETag");
    return jsonError(416, `Range ${rangeHeader} cannot be served from a body of ${size} bytes`, undefined, {
      headers: responseHeaders,
    });
  }

  let part = blob;
  let status = 200;
  if (range.kind === "range") {
    part = blob.slice(range.start, range.end + 1);
    status = 206;
    responseHeaders.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  }
  responseHeaders.set("Content-Length", String(part.size));
  if (request.method === "HEAD") return new Response(null, { status, headers: responseHeaders });
  // A plain Blob or Bun.file slice is sent as it is, so Bun can use sendfile. Anything else is streamed:
  // a Blob-like view of an S3 object is no Blob, and an S3File (a Blob with `presign`) handed to a
  // Response would answer with a redirect to a presigned URL instead of the bytes. Bun 1.4 drops the
  // Content-Length of a streamed body and sends it chunked (oven-sh/bun#10507); HEAD keeps it, and a
  // 206 still names the total in Content-Range.
  const body = part instanceof Blob && !("presign" in part) ? part : part.stream();
  return new Response(body, { status, headers: responseHeaders });
}
