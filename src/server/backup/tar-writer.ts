import { type FileHandle, open, stat } from "node:fs/promises";
import { blockSize, endOfArchive, fileHeader, paddingAfter } from "./tar-format.ts";

/** What a backup's manifest records of one entry. */
export interface EntryDigest {
  bytes: number;
  sha256: string;
}

export interface TarWriter {
  /** Adds an entry held in memory. */
  addBytes(path: string, data: Uint8Array, mtimeSeconds?: number): Promise<EntryDigest>;
  /** Streams a file that nothing changes meanwhile (a database snapshot) into an entry. */
  addFile(path: string, source: string): Promise<EntryDigest>;
  /** Ends the archive, flushes it to the disk and closes it; answers its size. */
  finish(): Promise<number>;
  /** Closes the file without ending the archive (the caller removes it). */
  abort(): Promise<void>;
}

const zeros = new Uint8Array(blockSize);

/** A tar archive written to a new file (`wx`: an existing file is never overwritten). */
export async function createTarWriter(path: string): Promise<TarWriter> {
  const handle: FileHandle = await open(path, "wx");
  let written = 0;
  const write = async (data: Uint8Array) => {
    if (data.length === 0) return;
    await handle.write(data);
    written += data.length;
  };
  const now = () => Date.now() / 1000;
  return {
    async addBytes(entryPath, data, mtimeSeconds = now()) {
      await write(fileHeader(entryPath, data.length, mtimeSeconds));
      await write(data);
      await write(zeros.subarray(0, paddingAfter(data.length)));
      return { bytes: data.length, sha256: new Bun.CryptoHasher("sha256").update(data).digest("hex") };
    },
    async addFile(entryPath, source) {
      const info = await stat(source);
      await write(fileHeader(entryPath, info.size, info.mtimeMs / 1000));
      const hasher = new Bun.CryptoHasher("sha256");
      let copied = 0;
      for await (const chunk of Bun.file(source).stream()) {
        hasher.update(chunk);
        copied += chunk.length;
        await write(chunk);
      }
      if (copied !== info.size) throw new Error(`${source} changed while it was archived`);
      await write(zeros.subarray(0, paddingAfter(copied)));
      return { bytes: copied, sha256: hasher.digest("hex") };
    },
    async finish() {
      await write(endOfArchive);
      await handle.sync();
      await handle.close();
      return written;
    },
    abort: () => handle.close(),
  };
}
