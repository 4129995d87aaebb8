import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config.ts";
import { deployDir, readGuideEnv } from "./test-support/deploy-files.ts";

/**
 * The self-hosting guide's systemd unit (`deploy/gleam.service`): systemd's own checker reads it
 * without a complaint, and it keeps the promises the guide makes about it.
 */
const systemdAnalyze = "/usr/bin/systemd-analyze";
const binaryPath = "/usr/local/bin/gleam";
const envPath = "/etc/gleam/gleam.env";

let unit: string;
let workDir: string;

beforeAll(async () => {
  unit = await Bun.file(join(deployDir, "gleam.service")).text();
  workDir = await mkdtemp(join(tmpdir(), "systemd-unit-"));
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

/** The `Key=value` settings of the unit's `[Service]` section, every value of a repeated key. */
function serviceSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) section = line;
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (section !== "[Service]" || !match?.[1]) continue;
    settings.set(match[1], [...(settings.get(match[1]) ?? []), match[2] ?? ""]);
  }
  return settings;
}

describe("deploy/gleam.service", () => {
  test("systemd-analyze verify reads it without a warning", async () => {
    if (!existsSync(systemdAnalyze))
      throw new Error(
        `${systemdAnalyze} is missing: run \`npx bun scripts/test-machine/provision.ts\` as root, or \`sudo apt-get install -y systemd\``,
      );
    expect(unit).toContain(`ExecStart=${binaryPath} serve`);
    expect(unit).toContain(`EnvironmentFile=${envPath}`);
    // The binary and the environment file where this machine has them: the checker wants both to exist.
    const binary = join(workDir, "gleam");
    await Bun.write(binary, "#!/bin/sh\n");
    await chmod(binary, 0o755);
    const envFile = join(workDir, "gleam.env");
    await Bun.write(envFile, Bun.file(join(deployDir, "gleam.env")));
    const unitFile = join(workDir, "gleam.service");
    await Bun.write(unitFile, unit.replace(binaryPath, binary).replace(envPath, envFile));
    const run = Bun.spawnSync([systemdAnalyze, "verify", unitFile], { stdout: "pipe", stderr: "pipe" });
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
  });

  test("it restarts on failure, waits out the server's shutdown, and may write only the data folder", async () => {
    const settings = serviceSettings(unit);
    const one = (key: string) => settings.get(key)?.at(-1);
    expect(one("Restart")).toBe("on-failure");
    expect(one("NoNewPrivileges")).toBe("true");
    expect(one("ProtectSystem")).toBe("strict");
    const config = loadConfig(await readGuideEnv());
    expect(one("ReadWritePaths")?.split(/\s+/)).toContain(config.dataDir);
    expect(one("WorkingDirectory")).toBe(config.dataDir);
    const stopSeconds = Number(/^(\d+)s$/.exec(one("TimeoutStopSec") ?? "")?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(config.shutdownTimeoutMs);
  });
});
