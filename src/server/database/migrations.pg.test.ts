import { afterAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { emptyPostgresDatabase } from "../test-support/empty-postgres-database.ts";
import { raceMigrations } from "../test-support/migration-race.ts";
import { expectEachMigrationAppliedOnce } from "../test-support/migration-race-outcome.ts";
import { postgresPassUrl } from "../test-support/postgres-pass.ts";
import { startTestServer } from "../test-support/test-server.ts";
import { migrations, NewerSchemaError, readMigrationStatus, runMigrations } from "./migrations.ts";

// Migrations on PostgreSQL: several processes (or pooled clients) starting on one database at once
// apply each migration exactly once, and a database a newer release migrated is refused. The SQLite
// side is migrations.sqlite.test.ts.

const drops: Array<() => Promise<void>> = [];
const opened: SQL[] = [];

async function emptyDatabase(): Promise<string> {
  const database = await emptyPostgresDatabase(postgresPassUrl(), "migrations");
  drops.push(database.drop);
  return database.url;
}

function connect(url: string): SQL {
  const sql = new SQL(url);
  opened.push(sql);
  return sql;
}

const appliedIds = async (sql: SQL) =>
  ((await sql`SELECT id FROM schema_migrations ORDER BY id`) as Array<{ id: number }>).map((row) =>
    Number(row.id),
  );

afterAll(async () => {
  for (const sql of opened) await sql.close();
  for (const drop of drops) await drop();
});

describe("several migrating at once on one empty database", () => {
  test("three processes apply each migration exactly once, without an error", async () => {
    const url = await emptyDatabase();
    expectEachMigrationAppliedOnce(await raceMigrations({ DATABASE_URL: url }, 3));
    expect(await appliedIds(connect(url))).toEqual(migrations.map((migration) => migration.id));
  }, 60_000);

  test("three clients of their own in one process do too", async () => {
    const url = await emptyDatabase();
    const results = await Promise.all(
      [connect(url), connect(url), connect(url)].map((sql) => runMigrations(sql)),
    );
    const applied = results.flatMap((result) => result.applied);
    expect(applied.toSorted()).toEqual(migrations.map((migration) => migration.name).toSorted());
    expect(await appliedIds(connect(url))).toEqual(migrations.map((migration) => migration.id));
  }, 60_000);
});

describe("a database newer than the binary", () => {
  test("is refused before anything changes, and the server will not start on it", async () => {
    const url = await emptyDatabase();
    const sql = connect(url);
    await runMigrations(sql, migrations.slice(0, -1));
    await sql`INSERT INTO schema_migrations (id, name, applied_at)
      VALUES (${999}, ${"999-from-a-newer-release"}, ${"2030-01-01T00:00:00.000Z"})`;
    const tables = () =>
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY table_name, column_name`;
    const before = { tables: await tables(), applied: await appliedIds(sql) };

    const refusal = await runMigrations(connect(url)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NewerSchemaError);
    expect((refusal as Error).message).toBe(
      "database schema is newer than this binary: migration 999 (999-from-a-newer-release) is unknown; run the newer release",
    );
    const start = startTestServer({ DATABASE_URL: url });
    await expect(start).rejects.toThrow("database schema is newer than this binary: migration 999");
    await expect(start).rejects.toMatchObject({ name: "StartupError" });
    expect({ tables: await tables(), applied: await appliedIds(sql) }).toEqual(before);
  });
});

test("readMigrationStatus reads an empty database without creating anything", async () => {
  const sql = connect(await emptyDatabase());
  const status = await readMigrationStatus(sql);
  expect(status.migrations.every(({ appliedAt }) => appliedAt === null)).toBe(true);
  expect(status.unknown).toEqual([]);
  expect(await sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`).toEqual(
    [],
  );
});
