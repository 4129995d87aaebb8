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

const lateBody = (deadlineMs: number): ReportBody => ({
  ok: false,
  response: jsonError(408, `The report did not arrive within ${Math.round(deadlineMs / 1000)} seconds`),
});

const endedEarly = (): ReportBody => ({
  ok: false,
  response: jsonError(400, "The request body ended early"),
});

/**
 * A body of declared length, read by Bun into one buffer of that size (`request.bytes()`): no chunk
 * objects for the collector, which under 64 connections of 200 KB reports kept the server's peak
 * some 35 MB lower than reading the stream in JavaScript. A body late past the deadline is 408; Bun
 * then aborts the read when the answer goes out, so a trickling sender holds no memory after.
 */
async function readDeclaredBody(request: Request, deadlineMs: number): Promise<ReportBody> {
  const reading = request.bytes();
  // The read left behind at the deadline fails later (its connection closed): that is expected.
  reading.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), deadlineMs);
  });
  try {
    const bytes = await Promise.race([reading, late]);
    return bytes === "late" ? lateBody(deadlineMs) : { ok: true, bytes };
  } catch {
    return endedEarly();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a report body into one buffer of its final size: with a declared Content-Length Bun reads it
 * into place ({@link readDeclaredBody}), so a 17 MB report is held once, not as chunks plus their
 * concatenation plus a string; a chunked body is read chunk by chunk. Past `maxBytes` it is 413 at
 * once, and a body that has not arrived by `deadlineMs` is 408, so a sender trickling bytes cannot
 * hold its place in the intake for ever.
 */
export async function readReportBody(
  request: Request,
  { maxBytes, deadlineMs }: { maxBytes: number; deadlineMs: number },
): Promise<ReportBody> {
  const tooLarge = (): ReportBody => ({ ok: false, response: bodyTooLarge(maxBytes) });
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) return tooLarge();
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  if (declared !== null) return readDeclaredBody(request, deadlineMs);

  const reader = request.body.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => undefined);
  }, deadlineMs);
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
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    if (!timedOut) return endedEarly();
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) return lateBody(deadlineMs);
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
