import type { StorageTarget } from "../config.ts";
import { StartupError } from "../startup-error.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalFileStorage } from "./local-file-storage.ts";

export function createFileStorage(target: StorageTarget): FileStorage {
  if (target.kind === "local") return createLocalFileStorage(target.dir);
  // PLACEHOLDER being replaced in this session by the S3 adapter.
  throw new StartupError("S3 storage is not available yet");
}
