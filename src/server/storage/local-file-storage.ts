import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { FileStorage } from "./file-storage.ts";

const safeKey = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * Streamed writes land here first and are renamed into place once complete, so a reader never sees
 * half a file. No key can name it: keys start with a letter or digit.
 */
const incomingDir = ".incoming";

/** Files in a folder; the content type is kept in a `.type` sibling so it survives restarts. */
export function createLocalFileStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(join(root, key));
    if (!safeKey.test(key) || key.includes("..") || !path.startsWith(root + sep)) {
      throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
    }
    return path;
  };
  return {
    async put(key, data, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await Bun.write(path, data);
      await Bun.write(`${path}.type`, contentType);
    },
    async putStream(key, chunks, contentType) {
      const path = pathOf(key);
      const incoming = join(root, incomingDir, Bun.randomUUIDv7());
      await mkdir(dirname(incoming), { recursive: true });
      // node:stream loads with the first streamed upload, not at every start (startup-modules.test.ts).
      const [{ Transform }, { pipeline }] = await Promise.all([
        import("node:stream"),
        import("node:stream/promises"),
      ]);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Uint8Array, _encoding, done) {
          size += chunk.byteLength;
          done(null, chunk);
        },
      });
      try {
        // pipeline waits for each write to drain, so at most a stream buffer is held at a time.
        await pipeline(chunks, counter, createWriteStream(incoming, { flags: "wx" }));
        await mkdir(dirname(path), { recursive: true });
        await Bun.write(`${path}.type`, contentType);
        await rename(incoming, path);
        return size;
      } catch (error) {
        await rm(incoming, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      const file = Bun.file(path);
      if (!(await file.exists())) return null;
      const typeFile = Bun.file(`${path}.type`);
      const type = (await typeFile.exists()) ? await typeFile.text() : "application/octet-stream";
      return Bun.file(path, { type });
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}
