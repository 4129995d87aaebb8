import { join } from "node:path";
import { array, assign, type Infer, object, validate } from "superstruct";
import { manifestFileName, ServedBuildManifest } from "../shared/build-manifest.ts";
import { StartupError } from "./startup-error.ts";

/**
 * The manifest as a start checks it: what the server serves from, field by field, and `files` (every
 * output's sizes, for the size tools and `check`'s count) only as a list. Checking those 250-odd entries
 * one by one took longer than the rest of reading the manifest and opening the database together.
 */
const ManifestAtStart = assign(ServedBuildManifest, object({ files: array() }));
export type ManifestAtStart = Infer<typeof ManifestAtStart>;

/** Reads the manifest that build.ts wrote; the server cannot serve pages without it. */
export async function loadBuildManifest(distDir: string): Promise<ManifestAtStart> {
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
  const [error, manifest] = validate(data, ManifestAtStart);
  if (error) throw new StartupError(`${path} is not a valid build manifest: ${error.message}`);
  return manifest;
}
