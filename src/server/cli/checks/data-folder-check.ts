import { constants } from "node:fs";
import { access, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type CheckLine, ok, problem } from "./check-line.ts";

/** The nearest folder that exists on the way up from `path` (the root always does). */
async function nearestExisting(path: string): Promise<string> {
  let current = path;
  for (;;) {
    try {
      await stat(current);
      return current;
    } catch {
      const parent = dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * Whether the server could write in `dir`: a file written and removed there, as the server does at
 * start. A folder that does not exist yet is not made (check changes nothing); the nearest existing
 * folder above it must let the server create it. Answers the problem, or null.
 */
export async function folderWriteProblem(dir: string): Promise<string | null> {
  const found = await nearestExisting(dir);
  if (!(await stat(found)).isDirectory()) return `${found} is a file, not a folder`;
  if (found !== dir) {
    try {
      await access(found, constants.W_OK);
      return null;
    } catch {
      return `${dir} does not exist and ${found} is not writable`;
    }
  }
  const probe = join(dir, `.check-probe-${process.pid}`);
  try {
    await writeFile(probe, "ok");
    await rm(probe);
    return null;
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    return `${dir} is not writable (${reason})`;
  }
}

export async function checkDataFolder(dataDir: string): Promise<CheckLine> {
  const name = "data folder";
  const found = await folderWriteProblem(dataDir);
  if (found) return problem(name, `${found}: set DATA_DIR to a writable folder`);
  const exists = await stat(dataDir).then(
    () => true,
    () => false,
  );
  return ok(name, exists ? `${dataDir} is writable` : `${dataDir} does not exist yet; serve creates it`);
}
