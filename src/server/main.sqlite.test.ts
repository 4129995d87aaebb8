import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { serverBundleFolder } from "../../scripts/build/server-bundle.ts";
import { migratedDataFolder } from "./cli/test-support/migrated-data-folder.ts";
import { fixtureWorkDir, loopbackServerEnv } from "./test-support/fixture-work-dir.ts";
import { runToEnd } from "./test-support/process-run.ts";
import { readStdoutUntil } from "./test-support/stdout-until.ts";
import { startedBeforeAll } from "./test-support/test-lifecycle.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

// These tests run `npm start`'s server entry as its own process, as an operator would.
const entry = join(import.meta.dir, "main.ts");
const work = startedBeforeAll(() => fixtureWorkDir("main-test-"));

const baseEnv = () => ({
  PATH: process.env.PATH ?? "",
  ...loopbackServerEnv(work),
  PASSWORD_HASH_COST: "test",
});

/**
 * Runs the entry until it exits by itself. A start that fails does so within a second on a quiet
 * machine; the kill after half the test's time only keeps a start that never fails from hanging the run.
 */
function runToExit(env: Record<string, string>) {
  return runToEnd([process.execPath, entry], { env, timeoutMs: processTestTimeoutMs / 2 });
}

/** Starts the server, waits until it prints its URLs, stops it with SIGTERM and returns what it printed. */
async function runUntilReady(env: Record<string, string>) {
  const child = Bun.spawn([process.execPath, entry], { env, stdout: "pipe", stderr: "pipe" });
  const printed = { text: "" };
  await readStdoutUntil(child.stdout, printed, (text) => text.includes("Messenger"), 15_000);
  child.kill("SIGTERM");
  const exitCode = await child.exited;
  return { exitCode, stdout: printed.text };
}

describe("start-up failures stop with one clear line and exit code 1", () => {
  test.each([
    ["PORT", "abc"],
    ["MESSENGER_PORT", "99999"],
    ["LOG_LEVEL", "loud"],
    ["SEED_DEMO", "perhaps"],
    ["DATABASE_URL", "mysql://user:secret@host/db"],
  ])("%s=%s", async (variable, value) => {
    const { exitCode, stderr, stdout } = await runToExit({ ...baseEnv(), [variable]: value });
    expect(exitCode).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith(`Invalid configuration: ${variable} `);
    expect(stderr).not.toContain("secret");
    expect(stdout).toBe("");
  });

  test("an unwritable DATA_DIR", async () => {
    const blocker = join(work.dir, "a-file");
    await Bun.write(blocker, "not a folder");
    const { exitCode, stderr } = await runToExit({ ...baseEnv(), DATA_DIR: join(blocker, "data") });
    expect(exitCode).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toStartWith(`DATA_DIR ${join(blocker, "data")} is not writable`);
  });

  test("a missing build", async () => {
    const { exitCode, stderr } = await runToExit({ ...baseEnv(), DIST_DIR: join(work.dir, "no-dist") });
    expect(exitCode).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain('run "npm run build" first');
  });

  test("a database a newer build migrated", async () => {
    const dataDir = join(work.dir, "newer-data");
    await migratedDataFolder(dataDir, { newerBuild: true });
    const { exitCode, stderr } = await runToExit({ ...baseEnv(), DATA_DIR: dataDir });
    expect(exitCode).toBe(1);
    expect(stderr.trim()).toBe(
      "database schema is newer than this binary: migration 9999 (future) is unknown; run the newer release",
    );
  });

  test("a port that is already taken", async () => {
    const blocker = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("busy") });
    try {
      const { exitCode, stderr } = await runToExit({ ...baseEnv(), PORT: String(blocker.port) });
      expect(exitCode).toBe(1);
      expect(stderr.trim()).toBe(`PORT ${blocker.port} is already in use; set PORT to a free port`);
    } finally {
      await blocker.stop(true);
    }
  });
});

describe("a normal start", () => {
  test("migrates and seeds an empty data folder, prints the URLs, and a restart is a no-op", async () => {
    const env = { ...baseEnv(), DATA_DIR: join(work.dir, "restart-data") };
    const first = await runUntilReady(env);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain('"msg":"migrations applied"');
    expect(first.stdout).toContain('"msg":"demo data seeded"');
    expect(first.stdout).toMatch(/Admin dashboard\s+http:\/\/localhost:\d+\//);
    expect(first.stdout).toMatch(/Demo host page\s+http:\/\/localhost:\d+\/demo/);
    expect(first.stdout).toMatch(/Messenger\s+http:\/\/localhost:\d+\//);
    expect(first.stdout).toMatch(/Widget API\s+http:\/\/localhost:\d+\/api\/widget\s/);
    expect(first.stdout).toMatch(/Widget websocket\s+ws:\/\/localhost:\d+\/api\/widget\/ws\s/);

    const second = await runUntilReady(env);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toContain('"msg":"ready"');
    expect(second.stdout).not.toContain("migrations applied");
    expect(second.stdout).not.toContain("demo data seeded");
  });

  test("npm start builds quietly: the size table belongs to npm run build", async () => {
    const { scripts } = (await Bun.file(join(import.meta.dir, "../../package.json")).json()) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain("build.ts --quiet");
    expect(scripts.build).not.toContain("--quiet");
  });

  test("npm start runs the server's bundle that its build made (scripts/build/server-bundle.ts)", async () => {
    const { scripts } = (await Bun.file(join(import.meta.dir, "../../package.json")).json()) as {
      scripts: Record<string, string>;
    };
    const [build, serve] = (scripts.start ?? "").split(" && ");
    expect(build).toBe("bun build.ts --quiet");
    expect(serve).toBe("bun scripts/serve-bundle.ts");
    const entry = await Bun.file(join(import.meta.dir, "../../scripts/serve-bundle.ts")).text();
    expect(entry).toContain(`"${serverBundleFolder}", "main.js"`);
  });

  test("SEED_DEMO=0 leaves an empty database empty", async () => {
    const dataDir = join(work.dir, "unseeded");
    const { exitCode, stdout } = await runUntilReady({ ...baseEnv(), DATA_DIR: dataDir, SEED_DEMO: "0" });
    expect(exitCode).toBe(0);
    expect(stdout).not.toContain("demo data seeded");
    const { Database } = await import("bun:sqlite");
    const db = new Database(join(dataDir, "app.sqlite"), { readonly: true });
    expect(db.query("SELECT count(*) AS n FROM widget_projects").get()).toEqual({ n: 0 });
    expect(db.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 0 });
    db.close();
  });
});
