import { loadBuildManifest } from "../../build-manifest-loader.ts";
import { embeddedDistDir } from "../embedded-assets.ts";
import { type CheckLine, ok, problem } from "./check-line.ts";

const name = "assets";

/** The built SDK, admin and messenger the server serves: embedded in the binary, or DIST_DIR on disk. */
export async function checkAssets(distDir: string): Promise<CheckLine> {
  const where = distDir === embeddedDistDir() ? "embedded in this binary" : distDir;
  try {
    const manifest = await loadBuildManifest(distDir);
    return ok(name, `${where}: built ${manifest.builtAt}, ${manifest.files.length} files`);
  } catch (error) {
    return problem(name, error instanceof Error ? error.message : String(error));
  }
}
