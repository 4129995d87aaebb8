import type { Readable } from "node:stream";
import type { Busboy } from "busboy";

/** The body is not a multipart form that can be read: a broken part, or it ended early. */
export class MalformedForm extends Error {}

/** The body went past its byte limit while streaming (a chunked body declares no length). */
export class FormTooLarge extends Error {}

export interface IncomingFile {
  filename: string | null;
  /**
   * The part's own Content-Type, without parameters and lower-cased (busboy reads each part's header;
   * Bun's `formData()` would replace it by a guess from the file name). `text/plain`, RFC 7578's
   * default, when the part sent none.
   */
  contentType: string;
  /** The part's bytes as they arrive; throws {@link MalformedForm} or {@link FormTooLarge}. */
  chunks: AsyncIterable<Uint8Array>;
}

export interface StreamingForm {
  /** The first file part with the wanted name, once its headers arrived; null when the form has none. */
  file: Promise<IncomingFile | null>;
  /** Settles when the whole body was read: the parts after the file are read and dropped. */
  finished: Promise<void>;
  /** Stops reading the body; the file's chunks then throw. Harmless when repeated or after the end. */
  abort(): void;
}

/** `video/webm;codecs=vp9` → `video/webm`. */
export function baseContentType(type: string): string {
  return (type.split(";")[0] ?? "").trim().toLowerCase();
}

function formError(error: unknown): Error {
  if (error instanceof FormTooLarge || error instanceof MalformedForm) return error;
  return new MalformedForm("The multipart/form-data body could not be read", { cause: error });
}

async function* chunksOf(stream: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (error) {
    throw formError(error);
  }
}

/** Resolves when the parser wants more input again, or is gone. */
function drained(parser: Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
  });
}

/**
 * Writes the body into the parser as the parser takes it, up to `maxBodyBytes` (more fails the parse),
 * until the body ends, the reader is `stopped` or the parser is destroyed.
 */
async function feedParser(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  parser: Busboy,
  { maxBodyBytes, stopped }: { maxBodyBytes: number; stopped: () => boolean },
): Promise<void> {
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || stopped()) break;
      received += value.byteLength;
      if (received > maxBodyBytes) throw new FormTooLarge("The body is larger than allowed");
      // Busboy holds a write until the file's reader asks for more: this is the backpressure.
      if (!parser.write(value)) await drained(parser);
      if (parser.destroyed) break;
    }
    if (!stopped() && !parser.destroyed) parser.end();
  } catch (error) {
    parser.destroy(formError(error));
  }
}

/**
 * Reads a multipart/form-data request as it arrives and hands out one file part as a stream, so an
 * upload never sits whole in memory. Answers null when the request is not multipart/form-data with a
 * boundary. The body is read only as fast as the file's chunks are consumed, and at most
 * `maxBodyBytes` of it.
 */
export function readStreamingForm(
  request: Request,
  { fieldName, maxBodyBytes }: { fieldName: string; maxBodyBytes: number },
): StreamingForm | null {
  const contentType = request.headers.get("content-type") ?? "";
  if (baseContentType(contentType) !== "multipart/form-data" || request.body === null) return null;
  // busboy (with node:stream) loads with the first upload, not at every start (startup-modules.test.ts),
  // and `require` (which keeps it once loaded) leaves this reading synchronous. Outside the `try`: a
  // library that fails to load is an error, not a body without a boundary.
  const busboy = require("busboy") as typeof import("busboy");
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send file names in UTF-8, not in the RFC's latin1 default.
      defParamCharset: "utf8",
      // The SDK sends one file and perhaps a field or two; anything else is framing to wade through.
      limits: { fields: 20, fieldSize: 64 * 1024, parts: 50, headerPairs: 20 },
    });
  } catch {
    return null; // no boundary
  }

  let fileSeen = false;
  let resolveFile: (file: IncomingFile | null) => void = () => {};
  let rejectFile: (error: Error) => void = () => {};
  const file = new Promise<IncomingFile | null>((resolve, reject) => {
    resolveFile = resolve;
    rejectFile = reject;
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", () => {
      resolveFile(null);
      resolve();
    });
    parser.on("error", (error: unknown) => {
      rejectFile(formError(error));
      reject(formError(error));
    });
  });
  // Whoever stops early never awaits these; their failure is reported through the file's chunks.
  file.catch(() => undefined);
  finished.catch(() => undefined);

  parser.on("file", (name, stream, info) => {
    // A part can fail before anyone reads it (while the quotas are looked up, say), and an 'error'
    // event nobody listens to would crash the process; a reader still gets the error from its loop.
    stream.on("error", () => undefined);
    if (name !== fieldName || fileSeen) {
      stream.resume();
      return;
    }
    fileSeen = true;
    resolveFile({
      filename: info.filename ?? null,
      contentType: baseContentType(info.mimeType),
      chunks: chunksOf(stream),
    });
  });

  const reader = request.body.getReader();
  let stopped = false;
  void feedParser(reader, parser, { maxBodyBytes, stopped: () => stopped });

  return {
    file,
    finished,
    abort() {
      if (stopped) return;
      stopped = true;
      parser.destroy(new MalformedForm("The upload was stopped"));
      reader.cancel().catch(() => undefined);
    },
  };
}
