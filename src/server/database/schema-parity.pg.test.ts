import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { clusterAdministration } from "../test-support/empty-postgres-database.ts";
import { postgresPassUrl } from "../test-support/postgres-pass.ts";
import { describePostgresSchema, describeSqliteSchema } from "../test-support/schema-description.ts";
import { freshPostgresDatabase } from "../test-support/test-server.ts";
import { migrations, runMigrations } from "./migrations.ts";

// Queries are written once for both engines (database.ts), so both must end up with the same schema:
// every migration applied to an empty SQLite file and to an empty PostgreSQL database, then compared
// table by table, column by column, index by index, key by key.
let workDir: string;
let sqlite: SQL;
let postgres: SQL;
let dropPostgres: () => Promise<void>;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "schema-parity-"));
  sqlite = new SQL({
    adapter: "sqlite",
    filename: join(workDir, "parity.sqlite"),
    create: true,
    readwrite: true,
  });
  await runMigrations(sqlite);
  const admin = clusterAdministration(postgresPassUrl());
  const name = `parity_${crypto.randomUUID().replaceAll("-", "")}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(postgresPassUrl());
  url.pathname = `/${name}`;
  postgres = new SQL(url.href);
  await runMigrations(postgres);
  dropPostgres = async () => {
    await postgres.close();
    const cleanup = clusterAdministration(postgresPassUrl());
    await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.close();
  };
});

afterAll(async () => {
  await sqlite?.close();
  await dropPostgres?.();
  await rm(workDir, { recursive: true, force: true });
});

describe("both engines migrate to one schema", () => {
  test("every migration is applied on both", async () => {
    const applied = async (sql: SQL) =>
      ((await sql`SELECT id FROM schema_migrations ORDER BY id`) as Array<{ id: number }>).map((row) =>
        Number(row.id),
      );
    const all = migrations.map((migration) => migration.id).sort((a, b) => a - b);
    expect(await applied(sqlite)).toEqual(all);
    expect(await applied(postgres)).toEqual(all);
  });

  test("tables, columns, indexes, keys and triggers are the same", async () => {
    const onSqlite = await describeSqliteSchema(sqlite);
    const onPostgres = await describePostgresSchema(postgres);
    expect(onSqlite.filter((line) => line.startsWith("table ")).length).toBeGreaterThan(40);
    expect(onSqlite.some((line) => line.startsWith("foreign key "))).toBe(true);
    expect(onSqlite.some((line) => line.startsWith("index "))).toBe(true);
    expect(onPostgres).toEqual(onSqlite);
  });

  test("the copied template a test server starts from is the same schema as a migration from nothing", async () => {
    const copy = await freshPostgresDatabase(postgresPassUrl());
    const sql = new SQL(copy.env.DATABASE_URL);
    try {
      expect(await describePostgresSchema(sql)).toEqual(await describePostgresSchema(postgres));
    } finally {
      await sql.close();
      await copy.drop();
    }
  });
});

test("the description tells a nullable column, a missing index and another on-delete apart", async () => {
  const schema = (notNull: string, onDelete: string) => [
    "CREATE TABLE parents (id TEXT PRIMARY KEY)",
    `CREATE TABLE children (id TEXT PRIMARY KEY, name TEXT${notNull},
      parent_id TEXT REFERENCES parents (id) ON DELETE ${onDelete})`,
  ];
  const sqliteScratch = new SQL({ adapter: "sqlite", filename: ":memory:" });
  const scratch = await freshPostgresDatabase(postgresPassUrl());
  const postgresScratch = new SQL(scratch.env.DATABASE_URL);
  try {
    for (const statement of [
      ...schema(" NOT NULL", "CASCADE"),
      "CREATE INDEX children_name ON children (name)",
    ])
      await sqliteScratch.unsafe(statement);
    await postgresScratch.unsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
    for (const statement of schema("", "SET NULL")) await postgresScratch.unsafe(statement);
    const onSqlite = await describeSqliteSchema(sqliteScratch);
    const onPostgres = await describePostgresSchema(postgresScratch);
    const onlyIn = (a: string[], b: string[]) => a.filter((line) => !b.includes(line));
    expect(onlyIn(onSqlite, onPostgres)).toEqual([
      "column children.name text not null",
      "foreign key children (parent_id) -> parents (id) on delete cascade",
      "index children.children_name (name)",
    ]);
    expect(onlyIn(onPostgres, onSqlite)).toEqual([
      "column children.name text",
      "foreign key children (parent_id) -> parents (id) on delete set null",
    ]);
  } finally {
    await sqliteScratch.close();
    await postgresScratch.close();
    await scratch.drop();
  }
});
