import { afterAll, beforeAll } from "bun:test";
import type { Database } from "../database/database.ts";
import { migrations, runMigrations } from "../database/migrations.ts";
import { tempDatabases } from "./temp-databases.ts";

/**
 * A migration's test file's SQLite databases (set up before its tests, removed after them), each at
 * the schema just before migration `id`: the test writes the rows that version held, then migrates.
 */
export function databasesBeforeMigration(id: number, prefix: string) {
  const databases = tempDatabases(prefix);
  beforeAll(() => databases.setup());
  afterAll(() => databases.cleanup());
  return {
    /** A new database `name`, migrated up to migration `id` (not run yet). */
    async open(name: string): Promise<Database> {
      const db = await databases.open(name);
      await runMigrations(
        db.sql,
        migrations.filter((migration) => migration.id < id),
      );
      return db;
    },
  };
}
