import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { SQL } from "bun";
import { type Migration, migrations, runMigrations } from "../../database/migrations.ts";

/**
 * A data folder whose SQLite database has `applied` run (every migration unless told), for commands
 * that must refuse it: with `newerBuild`, a migration this build does not know (9999) is recorded
 * too, as a database a newer build migrated.
 */
export async function migratedDataFolder(
  dir: string,
  { applied = migrations, newerBuild = false }: { applied?: readonly Migration[]; newerBuild?: boolean } = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const sql = new SQL({
    adapter: "sqlite",
    filename: join(dir, "app.sqlite"),
    create: true,
    readwrite: true,
  });
  try {
    await runMigrations(sql, applied);
    if (newerBuild)
      await sql`INSERT INTO schema_migrations (id, name, applied_at) VALUES (9999, 'future', '2030-01-01')`;
  } finally {
    await sql.close();
  }
}
