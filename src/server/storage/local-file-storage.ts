import { mkdir, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { FileStorage } from "./file-storage.ts";

const safeKey = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

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
