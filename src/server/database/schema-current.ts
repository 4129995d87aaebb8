import type { SQL } from "bun";

/**
 * The ids of every migration this build ships (migrations.ts), in order. A start reads them instead of
 * the migrations themselves: on a database that has exactly these, nothing is pending and nothing is
 * unknown, so the forty-odd migration modules (about 15 ms of a start) are never loaded. Append the id
 * of each new migration here too; `schema-current.sqlite.test.ts` fails until both lists agree.
 */
export const shippedMigrationIds: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
  31, 32, 33, 34, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
];

/**
 * Whether the database holds exactly the shipped migrations: no read or write of the migration runner
 * is needed then. Anything else (a fresh database, a pending migration, one of a newer release) is the
 * runner's to handle, and answers false.
 */
export async function isSchemaCurrent(sql: SQL): Promise<boolean> {
  // A fresh database has no table yet: the runner creates it. Asked first rather than caught, so a
  // failing connection fails here and PostgreSQL logs no error for a fresh start.
  if (!(await hasMigrationsTable(sql))) return false;
  const rows = (await sql`SELECT id FROM schema_migrations ORDER BY id`) as Array<{ id: number | string }>;
  if (rows.length !== shippedMigrationIds.length) return false;
  return rows.every((row, index) => Number(row.id) === shippedMigrationIds[index]);
}

/** Whether the database has `schema_migrations` (the runner's record; a fresh database has none). */
export async function hasMigrationsTable(sql: SQL): Promise<boolean> {
  const rows =
    sql.options.adapter === "sqlite"
      ? await sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
      : await sql`SELECT to_regclass('schema_migrations') AS name`;
  return rows.length > 0 && rows[0].name !== null;
}
