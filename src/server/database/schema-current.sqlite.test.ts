import { afterEach, expect, test } from "bun:test";
import type { SQL } from "bun";
import { openDatabase } from "./database.ts";
import { migrations, runMigrations } from "./migrations.ts";
import { isSchemaCurrent, shippedMigrationIds } from "./schema-current.ts";

let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

async function freshDatabase(): Promise<SQL> {
  const db = await openDatabase({ engine: "sqlite", filename: ":memory:" });
  close = db.close;
  return db.sql;
}

test("the shipped ids are those of the migrations, in order", () => {
  expect(shippedMigrationIds).toEqual(migrations.map((migration) => migration.id).sort((a, b) => a - b));
});

test("a fresh database is not current: it has no migrations table", async () => {
  expect(await isSchemaCurrent(await freshDatabase())).toBe(false);
});

test("a database with every shipped migration is current", async () => {
  const sql = await freshDatabase();
  await runMigrations(sql);
  expect(await isSchemaCurrent(sql)).toBe(true);
});

test("a database without the newest migration is not current", async () => {
  const sql = await freshDatabase();
  await runMigrations(sql, migrations.slice(0, -1));
  expect(await isSchemaCurrent(sql)).toBe(false);
});

test("a database with a migration of a newer build is not current", async () => {
  const sql = await freshDatabase();
  await runMigrations(sql);
  await sql`INSERT INTO schema_migrations (id, name, applied_at) VALUES (9999, 'future', '2030-01-01')`;
  expect(await isSchemaCurrent(sql)).toBe(false);
});
