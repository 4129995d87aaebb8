import type { SQL } from "bun";
import { openDatabase } from "../database/database.ts";
import { runMigrations } from "../database/migrations.ts";
import { seedDemoData } from "../demo-seed.ts";
import { testPasswords } from "./test-passwords.ts";

/** A migrated in-memory SQLite database with the minimal demo data, and the demo project's id. */
export async function demoSqliteInMemory(): Promise<{
  sql: SQL;
  close: () => Promise<void>;
  projectId: string;
}> {
  const { sql, close } = await openDatabase({ engine: "sqlite", filename: ":memory:" });
  await runMigrations(sql);
  await seedDemoData(sql, { passwords: testPasswords, size: "minimal" });
  const [row] = await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  return { sql, close, projectId: (row as { id: string }).id };
}
