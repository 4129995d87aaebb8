import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { raceMigrations } from "../test-support/migration-race.ts";
import { expectEachMigrationAppliedOnce } from "../test-support/migration-race-outcome.ts";
import { tempDatabases } from "../test-support/temp-databases.ts";
import { startTestServer } from "../test-support/test-server.ts";
import type { Database } from "./database.ts";
import {
  type Migration,
  MigrationFailedError,
  migrations,
  NewerSchemaError,
  readMigrationStatus,
  runMigrations,
} from "./migrations.ts";

const databases = tempDatabases("migrations-test");
const freshDatabase = (name: string) => databases.open(name);

async function tableNames(db: Database): Promise<string[]> {
  const rows = await db.sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`;
  return rows.map((row: { name: string }) => row.name);
}

beforeAll(() => databases.setup());
afterAll(() => databases.cleanup());

describe("openDatabase (sqlite)", () => {
  test("uses WAL, enforces foreign keys and answers ping", async () => {
    const db = await freshDatabase("pragmas");
    expect(db.engine).toBe("sqlite");
    const [journal] = await db.sql`PRAGMA journal_mode`;
    expect(String(journal.journal_mode).toLowerCase()).toBe("wal");
    const [keys] = await db.sql`PRAGMA foreign_keys`;
    expect(Number(keys.foreign_keys)).toBe(1);
    const [timeout] = await db.sql`PRAGMA busy_timeout`;
    expect(Number(Object.values(timeout)[0])).toBe(5000);
    expect(await db.ping()).toBe(true);
  });
});

describe("runMigrations", () => {
  test("applies every migration and records each in schema_migrations", async () => {
    const db = await freshDatabase("apply");
    const result = await runMigrations(db.sql);
    expect(result.applied).toEqual(migrations.map((migration) => migration.name));
    expect(result.applied).toContain("001-initial-schema");

    const rows = await db.sql`SELECT id, name, applied_at FROM schema_migrations ORDER BY id`;
    expect(rows.map((row: { id: number; name: string }) => [Number(row.id), row.name])).toEqual(
      migrations.map((migration) => [migration.id, migration.name]),
    );
    for (const row of rows) expect(Number.isNaN(Date.parse(row.applied_at))).toBe(false);

    const tables = await tableNames(db);
    for (const table of ["schema_migrations", "settings", "users", "widget_projects", "widget_sessions"]) {
      expect(tables).toContain(table);
    }
    const [index] = await db.sql`SELECT name FROM sqlite_master WHERE type = 'index'
      AND name = 'widget_sessions_project'`;
    expect(index?.name).toBe("widget_sessions_project");
  });

  test("a second run applies nothing and changes nothing", async () => {
    const db = await freshDatabase("twice");
    await runMigrations(db.sql);
    const before = await db.sql`SELECT id, name, applied_at FROM schema_migrations ORDER BY id`;
    const second = await runMigrations(db.sql);
    expect(second.applied).toEqual([]);
    const after = await db.sql`SELECT id, name, applied_at FROM schema_migrations ORDER BY id`;
    expect(after).toEqual(before);
  });

  test("runs a custom list in id order", async () => {
    const db = await freshDatabase("order");
    const list: Migration[] = [
      {
        id: 2,
        name: "002-b",
        statements: ["CREATE TABLE b (id TEXT PRIMARY KEY, a_id TEXT REFERENCES a (id))"],
      },
      { id: 1, name: "001-a", statements: ["CREATE TABLE a (id TEXT PRIMARY KEY)"] },
    ];
    expect((await runMigrations(db.sql, list)).applied).toEqual(["001-a", "002-b"]);
    const extra: Migration = { id: 3, name: "003-c", statements: ["CREATE TABLE c (id TEXT)"] };
    expect((await runMigrations(db.sql, [...list, extra])).applied).toEqual(["003-c"]);
  });

  test("a failing migration rolls back completely and earlier ones stay", async () => {
    const db = await freshDatabase("rollback");
    const good: Migration = {
      id: 1,
      name: "001-good",
      statements: ["CREATE TABLE kept (id TEXT PRIMARY KEY)"],
    };
    const bad: Migration = {
      id: 2,
      name: "002-bad",
      statements: ["CREATE TABLE half_done (id TEXT PRIMARY KEY)", "CREATE TABLEE broken (oops"],
    };

    await expect(runMigrations(db.sql, [good, bad])).rejects.toThrow();

    const tables = await tableNames(db);
    expect(tables).toContain("kept");
    expect(tables).not.toContain("half_done");
    const recorded = await db.sql`SELECT id, name FROM schema_migrations ORDER BY id`;
    expect(recorded.map((row: { id: number; name: string }) => [Number(row.id), row.name])).toEqual([
      [1, "001-good"],
    ]);

    // Once fixed, the failed migration runs on the next start.
    const fixed: Migration = { ...bad, statements: ["CREATE TABLE half_done (id TEXT PRIMARY KEY)"] };
    expect((await runMigrations(db.sql, [good, fixed])).applied).toEqual(["002-bad"]);
  });

  test("foreign keys are enforced", async () => {
    const db = await freshDatabase("foreign-keys");
    await runMigrations(db.sql);
    const now = new Date().toISOString();
    await expect(
      db.sql`INSERT INTO widget_sessions (id, project_id, created_at, last_seen_at)
        VALUES (${"s1"}, ${"no-such-project"}, ${now}, ${now})`,
    ).rejects.toThrow(/FOREIGN KEY/i);
    const [{ n }] = await db.sql`SELECT count(*) AS n FROM widget_sessions`;
    expect(Number(n)).toBe(0);

    await db.sql`INSERT INTO widget_projects (id, name, sdk_key, secret, created_at)
      VALUES (${"p1"}, ${"Project"}, ${"key"}, ${"secret"}, ${now})`;
    await db.sql`INSERT INTO widget_sessions (id, project_id, created_at, last_seen_at)
      VALUES (${"s1"}, ${"p1"}, ${now}, ${now})`;
    // ON DELETE CASCADE removes a project's sessions with it.
    await db.sql`DELETE FROM widget_projects WHERE id = ${"p1"}`;
    const [{ remaining }] = await db.sql`SELECT count(*) AS remaining FROM widget_sessions`;
    expect(Number(remaining)).toBe(0);
  });
});

/** What a newer release adds: a migration this binary does not have. */
async function migrateAsNewerRelease(db: Database) {
  await runMigrations(db.sql);
  await db.sql`INSERT INTO schema_migrations (id, name, applied_at)
    VALUES (${999}, ${"999-from-a-newer-release"}, ${"2030-01-01T00:00:00.000Z"})`;
}

const schemaOf = async (db: Database) => ({
  objects: await db.sql`SELECT type, name, sql FROM sqlite_master ORDER BY type, name`,
  migrations: await db.sql`SELECT id, name, applied_at FROM schema_migrations ORDER BY id`,
});

describe("a database newer than the binary", () => {
  test("is refused before anything changes, also when this binary has migrations pending", async () => {
    const db = await freshDatabase("newer");
    // Migrated by a release that had every migration but the newest one here, and then 999.
    await runMigrations(db.sql, migrations.slice(0, -1));
    await db.sql`INSERT INTO schema_migrations (id, name, applied_at)
      VALUES (${999}, ${"999-from-a-newer-release"}, ${"2030-01-01T00:00:00.000Z"})`;
    const before = await schemaOf(db);

    const refusal = await runMigrations(db.sql).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NewerSchemaError);
    expect((refusal as Error).message).toBe(
      "database schema is newer than this binary: migration 999 (999-from-a-newer-release) is unknown; run the newer release",
    );
    expect(await schemaOf(db)).toEqual(before);
  });

  test("the server refuses to start on it with that message", async () => {
    const dataDir = join(databases.dir(), "newer-server");
    await mkdir(dataDir);
    await migrateAsNewerRelease(await freshDatabase("newer-server/app"));
    const start = startTestServer({ DATA_DIR: dataDir });
    await expect(start).rejects.toThrow(
      "database schema is newer than this binary: migration 999 (999-from-a-newer-release) is unknown",
    );
    await expect(start).rejects.toMatchObject({ name: "StartupError" });
  });
});

describe("readMigrationStatus", () => {
  test("lists every migration as pending on an empty database, and creates nothing", async () => {
    const db = await freshDatabase("status-empty");
    const status = await readMigrationStatus(db.sql);
    expect(status.migrations.map(({ migration, appliedAt }) => [migration.name, appliedAt])).toEqual(
      migrations.map((migration) => [migration.name, null]),
    );
    expect(status.unknown).toEqual([]);
    expect(await tableNames(db)).toEqual([]);
  });

  test("gives when each was applied, what is pending and what it does not know", async () => {
    const db = await freshDatabase("status-partial");
    await runMigrations(db.sql, migrations.slice(0, 3));
    await db.sql`INSERT INTO schema_migrations (id, name, applied_at) VALUES (${99}, ${"099-later"}, ${"x"})`;
    const status = await readMigrationStatus(db.sql);
    const applied = status.migrations.filter(({ appliedAt }) => appliedAt !== null);
    expect(applied.map(({ migration }) => migration.id)).toEqual([1, 2, 3]);
    for (const { appliedAt } of applied) expect(Number.isNaN(Date.parse(String(appliedAt)))).toBe(false);
    expect(status.migrations.length).toBe(migrations.length);
    expect(status.unknown).toEqual([{ id: 99, name: "099-later", appliedAt: "x" }]);
  });
});

test("a failing migration names itself in the error", async () => {
  const db = await freshDatabase("failure-named");
  const broken: Migration = { id: 1, name: "001-broken", statements: ["CREATE TABLEE nothing"] };
  const failure = await runMigrations(db.sql, [broken]).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(MigrationFailedError);
  expect((failure as Error).message).toStartWith("migration 001-broken failed and was rolled back: ");
});

test("three processes that start migrating one empty database at once apply each migration exactly once", async () => {
  const dataDir = join(databases.dir(), "race");
  await mkdir(dataDir);
  expectEachMigrationAppliedOnce(await raceMigrations({ DATA_DIR: dataDir }, 3));

  const db = await databases.open("race/app");
  const rows = await db.sql`SELECT id FROM schema_migrations ORDER BY id`;
  expect(rows.map((row: { id: number }) => Number(row.id))).toEqual(migrations.map((m) => m.id));
}, 60_000);
