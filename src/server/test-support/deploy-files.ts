import { join } from "node:path";

/** The self-hosting guide's files (`deploy/`), which the tests run as they are. */
export const deployDir = join(import.meta.dir, "..", "..", "..", "deploy");

/**
 * An environment file as systemd's `EnvironmentFile=` and `sh` both read it: `NAME=value` lines, a
 * value in double quotes taken without them, comments and blank lines left out.
 */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const line of (await Bun.file(path).text()).split("\n")) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match?.[1]) continue;
    const value = match[2] ?? "";
    env[match[1]] = /^".*"$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

/** `deploy/gleam.env`, the service's environment as the guide ships it. */
export const readGuideEnv = () => readEnvFile(join(deployDir, "gleam.env"));
