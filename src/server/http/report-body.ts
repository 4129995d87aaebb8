import { jsonError } from "./json-response.ts";

export type ReportBody = { ok: true; bytes: Uint8Array } | { ok: false; response: Response };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The body's Content-Length, or null when it declares none (a chunked body). */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get("content-length");
  if (header === null) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

export const bodyTooLarge = (maxBytes: number) =>
  jsonError(413, `Request body is larger than the ${megabytes(maxBytes)} limit`);

/**
 * Reads a report body into one buffer of its final size: with a declared Content-Length the chunks
 * are copied into place as they arrive, so a 17 MB report is held once, not as chunks plus their
 * concatenation plus a string. Past `maxBytes` it is 413 at once, and a body that has not arrived by
 * `deadlineMs` is 408, so a sender trickling bytes cannot hold its place in the intake for ever.
 */
export async function readReportBody(
  request: Request,
  { maxBytes, deadlineMs }: { maxBytes: number; deadlineMs: number },
): Promise<ReportBody> {
  const tooLarge = (): ReportBody => ({ ok: false, response: bodyTooLarge(maxBytes) });
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) return tooLarge();
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };

  const reader = request.body.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => undefined);
  }, deadlineMs);
  const buffer = declared === null ? null : new Uint8Array(declared);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        reader.cancel().catch(() => undefined);
        return tooLarge();
      }
      if (buffer) {
        if (size + value.byteLength > buffer.byteLength) {
          reader.cancel().catch(() => undefined);
          return { ok: false, response: jsonError(400, "Request body is longer than its Content-Length") };
        }
        buffer.set(value, size);
      } else chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    if (!timedOut) return { ok: false, response: jsonError(400, "The request body ended early") };
  } finally {
    clearTimeout(timer);
  }
  if (timedOut)
    return {
      ok: false,
      response: jsonError(408, `The report did not arrive within ${Math.round(deadlineMs / 1000)} seconds`),
    };
  if (buffer) return { ok: true, bytes: size === buffer.byteLength ? buffer : buffer.slice(0, size) };
  // A fresh array, not Buffer.concat: a small Buffer may share Node's pool, which must not be
  // transferred to the parser's thread.
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes: joined };
}
