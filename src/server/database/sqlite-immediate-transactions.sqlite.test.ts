import { Database as SqliteFile } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { type TemporaryFolder, temporaryFolder } from "../test-support/temporary-folder.ts";
import { type Database, openDatabase } from "./database.ts";

let db: Database | null = null;
let other: SqliteFile | null = null;
let folder: TemporaryFolder | null = null;

afterEach(async () => {
  other?.close();
  other = null;
  await db?.close();
  db = null;
  await folder?.dispose();
  folder = null;
});

/**
 * Another connection takes the write lock between the transaction's read and its write, as the WAL
 * checkpointer's RESTART does for a few milliseconds (sqlite-checkpoint-worker.ts), or a second
 * process on the file: a transaction that began DEFERRED holds a read snapshot then, and SQLite answers
 * its write "database is locked" at once, without the busy timeout (waiting could deadlock), which
 * reached the admin as a 500.
 */
test("a transaction that reads, then writes while another connection held the write lock a moment, commits", async () => {
  folder = await temporaryFolder("immediate-");
  const filename = join(folder.dir, "data.sqlite");
  db = await openDatabase({ engine: "sqlite", filename, walLimitBytes: 64 * 1024 * 1024 });
  await db.sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`;
  const file = new SqliteFile(filename);
  other = file;
  file.exec("PRAGMA busy_timeout = 0");

  let otherHeldTheLock = false;
  const written = db.sql.begin(async (tx) => {
    const [before] = await tx`SELECT count(*) AS count FROM notes`;
    try {
      // Not waiting: this test's thread is the one the transaction runs on.
      file.exec("BEGIN IMMEDIATE");
      otherHeldTheLock = true;
      setTimeout(() => file.exec("COMMIT"), 50);
    } catch (error) {
      // The transaction holds the write lock already: nobody can take it from under its read.
      expect(String(error)).toContain("database is locked");
    }
    await tx`INSERT INTO notes (body) VALUES (${"written"})`;
    return Number(before.count);
  });

  expect(await written).toBe(0);
  expect(otherHeldTheLock).toBe(false);
  expect(await db.sql`SELECT body FROM notes`).toEqual([{ body: "written" }]);
});

test("a transaction given its own mode keeps it", async () => {
  folder = await temporaryFolder("immediate-");
  db = await openDatabase({
    engine: "sqlite",
    filename: join(folder.dir, "data.sqlite"),
    walLimitBytes: 64 * 1024 * 1024,
  });
  const answered = await db.sql.begin("EXCLUSIVE", async (tx) => (await tx`SELECT 1 AS one`)[0].one);
  expect(answered).toBe(1);
});
