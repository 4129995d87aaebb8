import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { migrations, runMigrations } from "../../database/migrations.ts";
import { type ProcessRun, runToEnd } from "../../test-support/process-run.ts";
import { tempDatabases } from "../../test-support/temp-databases.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";

// `gleam migrate` as the operator runs it: its own process, the database named by DATA_DIR.

const entry = join(import.meta.dir, "..", "main.ts");
const databases = tempDatabases("migrate-command");
beforeAll(() => databases.setup());
afterAll(() => databases.cleanup());

const migrate = (args: string[], env: Record<string, string>): Promise<ProcessRun> =>
  runToEnd([process.execPath, entry, "migrate", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    timeoutMs: processTestTimeoutMs,
  });

/** The status lines of the migrations, as `[name, state]` with the date cut off. */
const statusLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => /^ {2}\d{3}-/.test(line))
    .map((line) => {
      const [name = "", state = ""] = line.trim().split(/\s+/);
      return [name, state];
    });

const noStack = (run: ProcessRun) => expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);

describe("gleam migrate", () => {
  test("--status lists all pending on a new data folder and creates nothing; migrate applies them; --status then lists each as applied", async () => {
    const dataDir = join(databases.dir(), "fresh");
    await mkdir(dataDir);

    const before = await migrate(["--status"], { DATA_DIR: dataDir });
    expect(before.exitCode).toBe(0);
    expect(statusLines(before.stdout)).toEqual(migrations.map((migration) => [migration.name, "pending"]));
    expect(before.stdout).toContain(
      `${migrations.length} migrations: 0 applied, ${migrations.length} pending.`,
    );
    expect(await readdir(dataDir)).toEqual([]);

    const run = await migrate([], { DATA_DIR: dataDir });
    expect(run.exitCode, run.stderr).toBe(0);
    for (const migration of migrations) expect(run.stdout).toContain(`applied ${migration.name} (`);
    expect(run.stdout).toContain(`Applied ${migrations.length} of ${migrations.length} migrations`);

    const after = await migrate(["--status"], { DATA_DIR: dataDir });
    expect(after.exitCode).toBe(0);
    expect(statusLines(after.stdout)).toEqual(migrations.map((migration) => [migration.name, "applied"]));
    expect(after.stdout).toMatch(/applied \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    const again = await migrate([], { DATA_DIR: dataDir });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("Nothing to apply: the database is up to date");
  }, 60_000);

  test("refuses a database a newer release migrated, with exit 3 and nothing changed", async () => {
    const dataDir = join(databases.dir(), "newer");
    await mkdir(dataDir);
    const db = await databases.open("newer/app");
    // As a newer release left it: every migration of this binary but its newest one, and then 999.
    const ownNewest = migrations.at(-1)?.name ?? "";
    await runMigrations(db.sql, migrations.slice(0, -1));
    await db.sql`INSERT INTO schema_migrations (id, name, applied_at)
      VALUES (${999}, ${"999-from-a-newer-release"}, ${"2030-01-02T00:00:00.000Z"})`;
    const snapshot = async () => ({
      objects: await db.sql`SELECT type, name FROM sqlite_master ORDER BY type, name`,
      applied: await db.sql`SELECT id, name, applied_at FROM schema_migrations ORDER BY id`,
    });
    const before = await snapshot();
    const message =
      "database schema is newer than this binary: migration 999 (999-from-a-newer-release) is unknown; run the newer release";

    const run = await migrate([], { DATA_DIR: dataDir });
    expect(run.exitCode).toBe(3);
    expect(run.stderr.trim()).toBe(message);
    expect(run.stdout).not.toContain(ownNewest);
    noStack(run);
    expect(await snapshot()).toEqual(before);

    const status = await migrate(["--status"], { DATA_DIR: dataDir });
    expect(status.exitCode).toBe(3);
    expect(status.stdout).toContain(`${ownNewest}`);
    expect(status.stdout).toMatch(
      /999-from-a-newer-release\s+applied 2030-01-02T00:00:00.000Z, unknown to this binary/,
    );
    expect(status.stderr.trim()).toBe(message);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  test("three started at once on a new data folder apply each migration once, all exit 0", async () => {
    const dataDir = join(databases.dir(), "three");
    const runs = await Promise.all([1, 2, 3].map(() => migrate([], { DATA_DIR: dataDir })));
    for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
    const applied = runs.flatMap((run) =>
      [...run.stdout.matchAll(/applied (\d{3}-\S+) \(/g)].map((match) => match[1]),
    );
    expect(applied.toSorted()).toEqual(migrations.map((migration) => migration.name).toSorted());
  }, 60_000);

  test("--help prints the usage with exit 0", async () => {
    const run = await migrate(["--help"], {});
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toStartWith("Usage: gleam migrate [--status]");
    expect(run.stdout).toContain("Exit codes:");
  });

  test("an unknown flag or an argument is exit 2 with the usage and no stack trace", async () => {
    for (const args of [["--bogus"], ["now"], ["--status=yes"]]) {
      const run = await migrate(args, { DATA_DIR: join(databases.dir(), "never-made") });
      expect(run.exitCode, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("Usage: gleam migrate [--status]");
      noStack(run);
    }
    expect(await Bun.file(join(databases.dir(), "never-made")).exists()).toBe(false);
  }, 60_000);

  test("a bad DATABASE_URL or an unreachable database is exit 1 with one line and no password", async () => {
    const bad = await migrate([], { DATABASE_URL: "mysql://somewhere/db" });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain("DATABASE_URL must start with postgres://");
    noStack(bad);

    const unreachable = await migrate([], { DATABASE_URL: "postgres://owner:hunter2@127.0.0.1:1/app" });
    expect(unreachable.exitCode).toBe(1);
    expect(unreachable.stderr).toStartWith("Cannot read PostgreSQL postgres://owner:****@127.0.0.1:1/app: ");
    expect(unreachable.stderr).not.toContain("hunter2");
    noStack(unreachable);
  }, 60_000);
});
