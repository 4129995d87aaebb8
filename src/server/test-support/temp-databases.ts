import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../database/database.ts";
import { copyMigratedSqlite } from "./sqlite-template.ts";

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
      const filename = join(workDir, `${name}.sqlite`);
      if (migrated) await copyMigratedSqlite(filename);
      const db = await openDatabase({ engine: "sqlite", filename });
      opened.push(db);
      return db;
    },
    async cleanup() {
      for (const db of opened) await db.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
