import type { StorageTarget } from "../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalFileStorage } from "./local-file-storage.ts";
import { createS3FileStorage } from "./s3-file-storage.ts";

export function createFileStorage(target: StorageTarget): FileStorage {
  if (target.kind === "local") return createLocalFileStorage(target.dir);
  return createS3FileStorage(target);
}
