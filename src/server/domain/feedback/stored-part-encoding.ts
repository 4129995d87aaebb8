/**
 * How a report's large parts (HTML snapshot, web replay, logs) are kept: zstd-compressed, at level 1,
 * chosen by measurement (CPU time) on a realistic 200 KB report: level 1 leaves the logs at 0.211× in
 * 0.17 ms, level 3 (zstd's default) at 0.207× in 0.34 ms, gzip level 1 at 0.30× in 0.25 ms. It runs on
 * the parser's threads, never on the thread that answers requests.
 */
export const partCompressionLevel = 1;

const zstdMagic = [0x28, 0xb5, 0x2f, 0xfd] as const;
const gzipMagic = [0x1f, 0x8b] as const;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.byteLength >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** A part as it is stored: zstd frames of its UTF-8 (a string) or its bytes. */
export function compressPart(data: string | Uint8Array): Uint8Array {
  return Bun.zstdCompressSync(data, { level: partCompressionLevel });
}

/**
 * A stored part's bytes as they were before storing, whatever the format it was stored in: zstd
 * (this code), gzip (replays stored before it), or plain (snapshots stored before it). Neither
 * magic can begin an HTML or JSON text (both are not valid UTF-8 there), so the bytes tell which.
 */
export function expandPart(stored: Uint8Array): Uint8Array {
  if (startsWith(stored, zstdMagic)) return Bun.zstdDecompressSync(stored);
  if (startsWith(stored, gzipMagic)) {
    // Read from the database or a file, never shared memory (the type Bun's gunzip asks for).
    return Bun.gunzipSync(stored as Uint8Array<ArrayBuffer>);
  }
  return stored;
}

/** {@link expandPart} read as UTF-8 text. */
export function expandPartText(stored: Uint8Array): string {
  const bytes = expandPart(stored);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}
