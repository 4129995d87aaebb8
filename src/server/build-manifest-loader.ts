import { join } from "node:path";
import { validate } from "superstruct";
import { BuildManifest, manifestFileName } from "../shared/build-manifest.ts";
import { StartupError } from "./startup-error.ts";

/** Reads the manifest that build.ts wrote; the server cannot serve pages without it. */
export async function loadBuildManifest(distDir: string): Promise<BuildManifest> {
  const file = Bun.file(join(distDir, manifestFileName));
  if (!(await file.exists())) {
    throw new StartupError(`No build in ${distDir} (missing ${manifestFileName}): run "npm run build" first`);
  }
  const [error, manifest] = validate(await file.json(), BuildManifest);
  if (error)
    throw new StartupError(
      `${join(distDir, manifestFileName)} is not a valid build manifest: ${error.message}`,
    );
  return manifest;
}
