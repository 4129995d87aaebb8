import { blockSize, paddingAfter, parseHeader, parsePaxRecords, TarFormatError } from "./tar-format.ts";

/** Exact reads off a byte stream, keeping what a read did not take for the next. */
class ByteSource {
  private buffered: Uint8Array = new Uint8Array(0);
  private done = false;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { value, done } = await this.reader.read();
    if (done) {
      this.done = true;
      return false;
    }
    this.buffered = this.buffered.length === 0 ? value : concat(this.buffered, value);
    return true;
  }

  /** Up to `limit` bytes as soon as any are there; empty at the end of the stream. */
  async some(limit: number): Promise<Uint8Array> {
    if (this.buffered.length === 0 && !(await this.fill())) return new Uint8Array(0);
    const piece = this.buffered.subarray(0, limit);
    this.buffered = this.buffered.subarray(piece.length);
    return piece;
  }

  /** Exactly `length` bytes; fewer only where the stream ends first. */
  async exactly(length: number): Promise<Uint8Array> {
    while (this.buffered.length < length) if (!(await this.fill())) break;
    const piece = this.buffered.slice(0, length);
    this.buffered = this.buffered.subarray(piece.length);
    return piece;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

export interface TarEntry {
  path: string;
  kind: "file" | "directory";
  size: number;
  /** The entry's bytes in pieces; what a consumer leaves unread is skipped before the next entry. */
  chunks(): AsyncGenerator<Uint8Array>;
}

const truncated = () => new TarFormatError("the archive ends inside an entry: it is truncated");

/**
 * The entries of a tar stream, one at a time, never holding more than a stream chunk of an entry's
 * data: a backup of gigabytes is read in constant memory. Links, devices and any other kind are refused.
 */
export async function* readTarEntries(stream: ReadableStream<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = stream.getReader();
  const source = new ByteSource(reader);
  let override: { path?: string; size?: number } = {};
  try {
    for (;;) {
      const header = parseHeader(await source.exactly(blockSize));
      if (header === null) return;
      const size = override.size ?? header.size;
      if (header.kind === "pax" || header.kind === "global") {
        const data = await source.exactly(size + paddingAfter(size));
        if (data.length < size + paddingAfter(size)) throw truncated();
        if (header.kind === "pax") override = parsePaxRecords(data.subarray(0, size));
        continue;
      }
      if (header.kind === "other")
        throw new TarFormatError(
          `entry ${header.path} is of a kind a backup never holds (${header.typeflag})`,
        );
      const path = override.path ?? header.path;
      override = {};
      let left = size;
      const chunks = async function* () {
        while (left > 0) {
          const piece = await source.some(left);
          if (piece.length === 0) throw truncated();
          left -= piece.length;
          yield piece;
        }
      };
      yield { path, kind: header.kind, size, chunks };
      while (left > 0) {
        const piece = await source.some(left);
        if (piece.length === 0) throw truncated();
        left -= piece.length;
      }
      const padding = paddingAfter(size);
      if ((await source.exactly(padding)).length < padding) throw truncated();
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
