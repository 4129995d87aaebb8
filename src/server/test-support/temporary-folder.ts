import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A folder of its own under the system's temporary folder, removed with all in it by `dispose`. */
export interface TemporaryFolder {
  dir: string;
  dispose(): Promise<void>;
}

/** Makes a new temporary folder whose name starts with `prefix`. */
export async function temporaryFolder(prefix: string): Promise<TemporaryFolder> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
