import { describe, expect, test } from "bun:test";
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { missingRequirements, provisionPlan, testRequirements } from "./requirements.ts";

/** A folder holding executables named `programs`, as a PATH of one entry. */
async function fakePath(programs: string[]): Promise<{ path: string; dispose(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), "fake-path-"));
  for (const program of programs) {
    await writeFile(join(folder, program), "#!/bin/sh\n");
    await chmod(join(folder, program), 0o755);
  }
  return { path: folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}

describe("the pretest step's detection", () => {
  test("a PATH without redis-server and chromium lacks both", async () => {
    const fake = await fakePath(["node", "npm"]);
    try {
      expect(missingRequirements(fake.path).map((requirement) => requirement.program)).toEqual([
        "chromium",
        "redis-server",
      ]);
    } finally {
      await fake.dispose();
    }
  });

  test("a program that is present but not executable still counts as missing", async () => {
    const fake = await fakePath(["chromium"]);
    try {
      await writeFile(join(fake.path, "redis-server"), "not a program");
      expect(missingRequirements(fake.path).map((requirement) => requirement.program)).toEqual([
        "redis-server",
      ]);
    } finally {
      await fake.dispose();
    }
  });

  test("as root with apt-get, the plan installs exactly the missing packages", () => {
    expect(provisionPlan(testRequirements, { isRoot: true, hasAptGet: true })).toEqual({
      kind: "install",
      packages: ["chromium", "redis-server"],
      command: ["apt-get", "install", "-y", "-qq", "chromium", "redis-server"],
    });
    expect(provisionPlan([], { isRoot: true, hasAptGet: true })).toEqual({ kind: "ready" });
  });

  test("without root it stops with one line naming the command", () => {
    const plan = provisionPlan(testRequirements.slice(1), { isRoot: false, hasAptGet: true });
    expect(plan).toEqual({
      kind: "stop",
      message:
        "The tests need redis-server, which this machine lacks: run `sudo apt-get install -y redis-server`",
    });
  });
});

describe("the pretest step as a command", () => {
  test("--dry-run on a PATH without the programs says in one line what it would install", async () => {
    const fake = await fakePath([]);
    const bin = join(fake.path, "bin");
    await mkdir(bin);
    // apt-get must be found for the install plan; the real one is never run in a dry run.
    await symlink("/bin/true", join(bin, "apt-get"));
    try {
      const run = Bun.spawnSync([process.execPath, join(import.meta.dir, "provision.ts"), "--dry-run"], {
        env: { PATH: bin },
      });
      const output = run.stdout.toString().trim();
      if (process.getuid?.() === 0) {
        expect(run.exitCode).toBe(0);
        expect(output).toBe(
          "Would install Debian packages for the tests: chromium (the Playwright end-to-end tests), redis-server (the Redis fan-out tests)",
        );
      } else {
        expect(run.exitCode).toBe(1);
        expect(run.stderr.toString().trim().split("\n")).toHaveLength(1);
      }
    } finally {
      await fake.dispose();
    }
  });
});
