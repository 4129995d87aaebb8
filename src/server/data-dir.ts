import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StartupError } from "./startup-error.ts";

/** Creates DATA_DIR when missing and proves it is writable before anything is stored there. */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-probe-${process.pid}`);
  try {
    // Synchronous: it runs once, before the server listens, and the first asynchronous file call of a
    // process waits for Bun's I/O threads to start (about 4 ms of every start).
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, "ok");
    rmSync(probe);
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw new StartupError(
      `DATA_DIR ${dataDir} is not writable (${reason}); set DATA_DIR to a writable folder`,
    );
  }
}
