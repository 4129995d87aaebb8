import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { StartupError } from "./startup-error.ts";

/** Creates DATA_DIR when missing and proves it is writable before anything is stored there. */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-probe-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, "ok");
    await rm(probe);
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${reason}); set DATA_DIR to a writable folder`,
    );
  }
}
