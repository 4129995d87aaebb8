import type { SQL } from "bun";
import { type Migration, migrations } from "./migrations.ts";

/**
 * Where a database's schema stands against the migrations this build knows, for the operator's commands
 * that write to a database without starting the server (`admin`, `backup`, `restore`):
 *   - `empty`: no table at all, a database just created: migrating it is safe;
 *   - `current`: every known migration applied, none unknown;
 *   - `behind`: some known migrations not applied yet (`gleam migrate` or a server start applies them);
 *   - `ahead`: migrations this build does not know were applied: a newer build wrote this database;
 *   - `foreign`: tables but no migration record: not this product's database.
 */
export type SchemaState =
  | { kind: "empty" }
  | { kind: "current"; level: number }
  | { kind: "behind"; level: number; pending: string[] }
  | { kind: "ahead"; level: number; unknown: number[] }
  | { kind: "foreign"; tables: string[] };

/** The highest migration id this build knows: the level a backup records and a restore compares. */
export function latestMigrationLevel(list: readonly Migration[] = migrations): number {
  return list.reduce((highest, migration) => Math.max(highest, migration.id), 0);
}

/** Classifies what a database holds: pure, so each case has a unit test. */
export function classifySchema(
  applied: readonly number[],
  tables: readonly string[],
  list: readonly Migration[] = migrations,
): SchemaState {
  const known = new Set(list.map((migration) => migration.id));
  const level = applied.reduce((highest, id) => Math.max(highest, id), 0);
  const others = tables.filter((table) => table !== "schema_migrations");
  if (applied.length === 0)
    return others.length === 0 ? { kind: "empty" } : { kind: "foreign", tables: others };
  const unknown = applied.filter((id) => !known.has(id)).sort((a, b) => a - b);
  if (unknown.length > 0) return { kind: "ahead", level, unknown };
  const done = new Set(applied);
  const pending = list.filter((migration) => !done.has(migration.id)).map((migration) => migration.name);
  return pending.length > 0 ? { kind: "behind", level, pending } : { kind: "current", level };
}

async function tableNames(sql: SQL): Promise<string[]> {
  const rows =
    sql.options.adapter === "sqlite"
      ? await sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
      : await sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  return (rows as Array<{ name: string }>).map((row) => row.name);
}

/** Reads the tables and the migration record, without creating or changing anything. */
export async function readSchemaState(
  sql: SQL,
  list: readonly Migration[] = migrations,
): Promise<SchemaState> {
  const tables = await tableNames(sql);
  const applied = tables.includes("schema_migrations")
    ? ((await sql`SELECT id FROM schema_migrations`) as Array<{ id: number | string }>).map((row) =>
        Number(row.id),
      )
    : [];
  return classifySchema(applied, tables, list);
}
