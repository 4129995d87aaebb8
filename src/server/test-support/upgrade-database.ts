import type { SQL } from "bun";
import { openDatabase } from "../database/database.ts";
import { migrations, runMigrations } from "../database/migrations.ts";
import { emptyPostgresDatabase } from "./empty-postgres-database.ts";
import { tempDatabases } from "./temp-databases.ts";

/**
 * A database on the engine under test (SQLite, or PostgreSQL with TEST_DATABASE_URL) as a release
 * left it: every migration before `beforeId` applied, for a migration test to fill and then migrate.
 * `dispose` closes and removes it.
 */
export async function upgradeDatabase(
  name: string,
  beforeId: number,
): Promise<{ sql: SQL; dispose: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let opened: { sql: SQL; dispose: () => Promise<void> };
  if (adminUrl) {
    const database = await emptyPostgresDatabase(adminUrl, name.replaceAll("-", "_"));
    const db = await openDatabase({ engine: "postgres", url: database.url });
    opened = {
      sql: db.sql,
      dispose: async () => {
        await db.close();
        await database.drop();
      },
    };
  } else {
    const files = tempDatabases(name);
    await files.setup();
    opened = { sql: (await files.open("upgrade")).sql, dispose: () => files.cleanup() };
  }
  await runMigrations(
    opened.sql,
    migrations.filter((migration) => migration.id < beforeId),
  );
  return opened;
}
