import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../database/database.ts";
import { runMigrations } from "../database/migrations.ts";

/**
 * Fresh SQLite databases in one temporary folder for a test file; `cleanup()` closes them all and
 * removes the folder. Call `setup()` in beforeAll and `cleanup()` in afterAll.
 */
export function tempDatabases(prefix: string) {
  let workDir = "";
  const opened: Database[] = [];
  return {
    /** The temporary folder (for files a test needs beside its databases). */
    dir: () => workDir,
    async setup() {
      workDir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    },
    /** A new, empty database; with `migrated` the schema is brought up to date first. */
    async open(name: string, { migrated = false } = {}): Promise<Database> {
      const db = await openDatabase({ engine: "sqlite", filename: join(workDir, `${name}.sqlite`) });
      opened.push(db);
      if (migrated) await runMigrations(db.sql);
      return db;
    },
    async cleanup() {
      for (const db of opened) await db.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
