import { existsSync } from "node:fs";
import { join } from "node:path";
import { manifestFileName } from "../../shared/build-manifest.ts";

/**
 * The built browser assets inside the compiled binary: scripts/build/compile.ts embeds the build as
 * `dist/` beside the entry, where node:fs and Bun.file read it (`/$bunfs/root/dist`). Undefined when
 * running from source (`bun src/server/cli/main.ts`), which serves `DIST_DIR` or ./dist as `npm start` does.
 */
export function embeddedDistDir(): string | undefined {
  if (!Bun.isStandaloneExecutable) return undefined;
  const dir = join(import.meta.dir, "dist");
  return existsSync(join(dir, manifestFileName)) ? dir : undefined;
}

/**
 * The environment a command reads its configuration from: the operator's, with `DIST_DIR` pointing at
 * the embedded build unless the operator set one (a build of their own on disk).
 */
export function withEmbeddedAssets(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (env.DIST_DIR?.trim()) return env;
  const dir = embeddedDistDir();
  return dir ? { ...env, DIST_DIR: dir } : env;
}
