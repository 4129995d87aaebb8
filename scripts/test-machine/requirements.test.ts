import { describe, expect, test } from "bun:test";
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBin, newestPostgresBin } from "../../src/server/test-support/postgres-cluster.ts";
import { missingRequirements, provisionPlan, type Requirement, testRequirements } from "./requirements.ts";

/** The requirements as on a machine where nothing lies outside PATH (no /usr/lib/postgresql). */
const onlyOnPath: Requirement[] = testRequirements.map(
  ({ foundElsewhere: _, ...requirement }) => requirement,
);

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
  test("a PATH with none of the programs lacks them all", async () => {
    const fake = await fakePath(["node", "npm"]);
    try {
      expect(missingRequirements(fake.path, onlyOnPath).map((requirement) => requirement.program)).toEqual([
        "chromium",
        "chromium-headless-shell",
        "redis-server",
        "initdb",
        "nginx",
        "openssl",
        "systemd-analyze",
        "haproxy",
        "wrk",
      ]);
    } finally {
      await fake.dispose();
    }
  });

  test("a program that is present but not executable still counts as missing", async () => {
    const fake = await fakePath([
      "chromium",
      "chromium-headless-shell",
      "nginx",
      "openssl",
      "systemd-analyze",
      "haproxy",
      "wrk",
    ]);
    try {
      await writeFile(join(fake.path, "redis-server"), "not a program");
      expect(missingRequirements(fake.path, onlyOnPath).map((requirement) => requirement.program)).toEqual([
        "redis-server",
        "initdb",
      ]);
    } finally {
      await fake.dispose();
    }
  });

  test("PostgreSQL's programs count as present in Debian's versioned folder, off PATH", async () => {
    const fake = await fakePath(["chromium", "redis-server"]);
    try {
      const postgres = onlyOnPath.filter((requirement) => requirement.program === "initdb");
      expect(missingRequirements(fake.path, postgres)).toHaveLength(1);
      const installed = postgres.map((requirement) => ({ ...requirement, foundElsewhere: () => true }));
      expect(missingRequirements(fake.path, installed)).toEqual([]);
    } finally {
      await fake.dispose();
    }
  });

  test("the newest PostgreSQL version with an initdb is the one used", () => {
    const withInitdb = new Set(["/pg/13/bin", "/pg/15/bin"]);
    const has = (bin: string) => withInitdb.has(bin);
    expect(newestPostgresBin(["13", "15", "9.6", "common"], has, "/pg")).toBe("/pg/15/bin");
    // 16 is named but its programs are gone (a half-removed upgrade).
    expect(newestPostgresBin(["16", "13"], has, "/pg")).toBe("/pg/13/bin");
    expect(newestPostgresBin(["common"], has, "/pg")).toBeNull();
  });

  test("as root with apt-get, the plan installs exactly the missing packages", () => {
    const packages = [
      "chromium",
      "chromium-headless-shell",
      "redis-server",
      "postgresql",
      "nginx",
      "openssl",
      "systemd",
      "haproxy",
      "wrk",
    ];
    expect(provisionPlan(testRequirements, { isRoot: true, hasAptGet: true })).toEqual({
      kind: "install",
      packages,
      command: ["apt-get", "install", "-y", "-qq", ...packages],
    });
    expect(provisionPlan([], { isRoot: true, hasAptGet: true })).toEqual({ kind: "ready" });
  });

  test("without root it stops with one line naming the command", () => {
    const plan = provisionPlan(testRequirements.slice(2, 4), { isRoot: false, hasAptGet: true });
    expect(plan).toEqual({
      kind: "stop",
      message:
        "The tests need redis-server, initdb, which this machine lacks: run `sudo apt-get install -y redis-server postgresql`",
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
        // PostgreSQL is found off PATH when Debian's package is installed on this machine.
        const postgres = findPostgresBin() ? "" : ", postgresql (the server tests on PostgreSQL)";
        expect(output).toBe(
          `Would install Debian packages for the tests: chromium (the Playwright end-to-end tests), chromium-headless-shell (the Playwright end-to-end tests), redis-server (the Redis fan-out tests)${postgres}, wrk (the node capacity bench's test)`,
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
