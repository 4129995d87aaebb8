import { join } from "node:path";
import { validate } from "superstruct";
import { BuildManifest, manifestFileName } from "../shared/build-manifest.ts";
import { StartupError } from "./startup-error.ts";

/** Reads the manifest that build.ts wrote; the server cannot serve pages without it. */
export async function loadBuildManifest(distDir: string): Promise<BuildManifest> {
  const path = join(distDir, manifestFileName);
  const file = Bun.file(path);
  if (!(await file.exists())) {
    throw new StartupError(`No build in ${distDir} (missing ${manifestFileName}): run "npm run build" first`);
  }
  let data: unknown;
  try {
    data = await file.json();
  } catch {
    throw new StartupError(`${path} is not valid JSON: run "npm run build" again`);
  }
  const [error, manifest] = validate(data, BuildManifest);
  if (error) throw new StartupError(`${path} is not a valid build manifest: ${error.message}`);
  return manifest;
}
