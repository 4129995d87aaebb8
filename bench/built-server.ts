import { join, resolve } from "node:path";
import { buildAll } from "../build.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { benchServerConfig } from "./bench-server-config.ts";

/**
 * The real server in-process and quiet, on `workDir`'s data, serving a build: the one at `reuseDist`
 * when a bench was given `--dist`, else a fresh one built into `workDir/dist`; `extra` as in
 * benchServerConfig. Answers the server and its config.
 */
export async function startBuiltServer(
  workDir: string,
  reuseDist: string | undefined,
  extra?: Record<string, string | undefined>,
) {
  const distDir = reuseDist ? resolve(reuseDist) : join(workDir, "dist");
  if (!reuseDist) await buildAll({ outDir: distDir });
  const config = benchServerConfig(workDir, distDir, extra);
  const server = await startServer(config, createLogger("silent"));
  return { config, server };
}
