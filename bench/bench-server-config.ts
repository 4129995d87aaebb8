import { join } from "node:path";
import { loadConfig } from "../src/server/config.ts";

/**
 * The config of a server a bench starts in-process: loopback, free ports, quiet, a data folder in the
 * bench's scratch folder, its own build, no rate limits; `extra` adds or overrides settings.
 */
export function benchServerConfig(
  workDir: string,
  distDir: string,
  extra: Record<string, string | undefined> = {},
) {
  return loadConfig({
    PORT: "0",
    MESSENGER_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: join(workDir, "data"),
    DIST_DIR: distDir,
    LOG_LEVEL: "silent",
    RATE_LIMITS: "0",
    ...extra,
  });
}
