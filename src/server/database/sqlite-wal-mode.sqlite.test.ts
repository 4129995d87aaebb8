import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { SQL } from "bun";
import { type TemporaryFolder, temporaryFolder } from "../test-support/temporary-folder.ts";
import { switchToWriteAheadLog } from "./sqlite-wal-mode.ts";

let folder: TemporaryFolder | undefined;
const open: Array<{ close(): unknown }> = [];

afterEach(async () => {
  for (const connection of open.splice(0)) await connection.close();
  await folder?.dispose();
  folder = undefined;
});

/** A new file that another connection is writing to in rollback-journal mode, until it commits. */
async function fileMidWrite() {
  folder = await temporaryFolder("wal-mode-");
  const filename = join(folder.dir, "app.sqlite");
  const writer = new Database(filename, { create: true });
  open.push(writer);
  writer.run("CREATE TABLE t (x)");
  writer.run("BEGIN IMMEDIATE");
  writer.run("INSERT INTO t VALUES (1)");
  const sql = new SQL({ adapter: "sqlite", filename, create: true, readwrite: true });
  open.push(sql);
  await sql`PRAGMA busy_timeout = 5000`;
  return { sql, commit: () => writer.run("COMMIT") };
}

test("a bare switch meets the other's lock with 'database is locked' at once, busy timeout or not", async () => {
  const { sql } = await fileMidWrite();
  await expect(sql`PRAGMA journal_mode = WAL`).rejects.toThrow(/locked/);
});

test("the switch waits for the other process to let go, then the file is in WAL mode", async () => {
  const { sql, commit } = await fileMidWrite();
  setTimeout(commit, 150);
  await switchToWriteAheadLog(sql);
  const [mode] = await sql`PRAGMA journal_mode`;
  expect(Object.values(mode as object)[0]).toBe("wal");
});

test("a lock that is not let go within the wait fails the switch with SQLite's own error", async () => {
  const { sql } = await fileMidWrite();
  await expect(switchToWriteAheadLog(sql, { withinMs: 100 })).rejects.toThrow(/locked/);
});
