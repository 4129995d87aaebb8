import { afterEach, expect, test } from "bun:test";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { type Database, openDatabase } from "./database.ts";
import { sqliteConnectionOf } from "./sqlite-statement-cache.ts";
import { startWalCheckpointer } from "./sqlite-wal-checkpointer.ts";
import { writeTurn } from "./sqlite-write-pause.ts";

let dir = "";
let db: Database | null = null;

afterEach(async () => {
  await db?.close();
  db = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sizeOf = async (path: string) => (await stat(path).catch(() => null))?.size ?? 0;

test("the request thread's connection checkpoints only past a quarter of the WAL's limit; the checkpointing thread folds the WAL in", async () => {
  dir = await mkdtemp(join(tmpdir(), "wal-checkpointer-"));
  const filename = join(dir, "app.sqlite");
  // A quarter of 256 MB: the 16 MB written below stay far under it.
  db = await openDatabase({ engine: "sqlite", filename, walLimitBytes: 256 * 1024 * 1024 });
  const autocheckpoint = async () => {
    const [setting] = await (db as Database).sql`PRAGMA wal_autocheckpoint`;
    return Object.values(setting as object)[0];
  };
  // 64 MB of 4 KB pages once the checkpointing thread is ready.
  const ready = Date.now() + 5000;
  while ((await autocheckpoint()) !== 16384 && Date.now() < ready) await Bun.sleep(10);
  expect(await autocheckpoint()).toBe(16384);

  await db.sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`;
  const body = "x".repeat(8000);
  // About 16 MB: far past the 1,000 pages at which the connection would have checkpointed itself.
  for (let i = 0; i < 2000; i++) await db.sql`INSERT INTO blobs (body) VALUES (${body})`;
  // Only the other thread can have moved the rows from the WAL into the database file.
  const deadline = Date.now() + 5000;
  while ((await sizeOf(filename)) < 15_000_000 && Date.now() < deadline) await Bun.sleep(50);
  expect(await sizeOf(filename)).toBeGreaterThan(15_000_000);

  await db.close();
  db = null;
  // The last connection to close leaves no WAL behind.
  expect(await sizeOf(`${filename}-wal`)).toBe(0);
});

test("the checkpointing thread goes on folding the WAL in after the file has once passed the writer's mark", async () => {
  dir = await mkdtemp(join(tmpdir(), "wal-checkpointer-"));
  const filename = join(dir, "app.sqlite");
  // The writer's mark is a quarter of 16 MB: 1,024 pages of 4 KB.
  db = await openDatabase({ engine: "sqlite", filename, walLimitBytes: 16 * 1024 * 1024 });
  const sql = db.sql;
  await sql`CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`;
  const body = "x".repeat(8000);
  // One transaction of about 5 MB: the file passes the mark, and the commit has the writer checkpoint.
  await sql.begin(async (tx) => {
    for (let i = 0; i < 600; i++) await tx`INSERT INTO blobs (body) VALUES (${body})`;
  });
  const settled = Date.now() + 5000;
  while ((await sizeOf(filename)) < 4_500_000 && Date.now() < settled) await Bun.sleep(50);
  expect(await sizeOf(`${filename}-wal`)).toBeGreaterThan(4 * 1024 * 1024);
  const before = await sizeOf(filename);

  // About 2 MB more, far under the mark: the writer never checkpoints these; only the thread can, and
  // the file's size (kept by journal_size_limit) is still past the mark.
  for (let i = 0; i < 250; i++) await sql`INSERT INTO blobs (body) VALUES (${body})`;
  const deadline = Date.now() + 5000;
  while ((await sizeOf(filename)) < before + 1_800_000 && Date.now() < deadline) await Bun.sleep(50);
  expect(await sizeOf(filename)).toBeGreaterThan(before + 1_800_000);
});

test("under a steady stream of writes that take their turn, the WAL starts over long before the writer's own mark", async () => {
  dir = await mkdtemp(join(tmpdir(), "wal-checkpointer-"));
  const filename = join(dir, "app.sqlite");
  // The writer's own mark is a quarter of 16 MB (1,024 pages of 4 KB); the thread asks for quiet at
  // an eighth of that, 128 pages.
  db = await openDatabase({ engine: "sqlite", filename, walLimitBytes: 16 * 1024 * 1024 });
  const connection = await sqliteConnectionOf(db.sql);
  connection.run("CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  const insert = connection.prepare("INSERT INTO blobs (body) VALUES (?)");
  const body = "x".repeat(8000);
  let largest = 0;
  let longestTurnMs = 0;
  let written = 0;
  // About 24 MB in all, six times the writer's mark: each write a commit of its own, as ping groups are.
  while (written < 3000) {
    const asked = performance.now();
    await writeTurn(connection);
    longestTurnMs = Math.max(longestTurnMs, performance.now() - asked);
    insert.run(body);
    written++;
    largest = Math.max(largest, await sizeOf(`${filename}-wal`));
    // About 8 MB a second, with the event loop turning between writes as it does between ping groups.
    if (written % 4 === 0) await Bun.sleep(4);
  }
  // Without the quiet, the thread's checkpoints never catch up with the writes, and the log grows to
  // the writer's mark (4 MB) before the writer's own checkpoint starts it over. With it the log stays
  // under 2 MB on a quiet machine; a loaded one (a test run beside it) has read up to 3 MB.
  expect(largest).toBeLessThan(3.5 * 1024 * 1024);
  expect(longestTurnMs).toBeLessThan(1000);
  // About 3 s alone: 3,000 commits and 750 pauses of the event loop, each longer on a loaded machine.
}, 60_000);

test("a checkpointing thread that fails is told, and the request thread's connection checkpoints as SQLite does by default", async () => {
  dir = await mkdtemp(join(tmpdir(), "wal-checkpointer-"));
  const sql = new SQL({
    adapter: "sqlite",
    filename: join(dir, "app.sqlite"),
    create: true,
    readwrite: true,
  });
  await sql`PRAGMA journal_mode = WAL`;
  // Not SQLite's default, so the value read after the failure is the one the failure set.
  await sql`PRAGMA wal_autocheckpoint = 7`;
  const failures: string[] = [];
  // The thread opens its own connection to a file that is not there: its start throws.
  const checkpointer = await startWalCheckpointer(sql, join(dir, "missing", "app.sqlite"), {
    onThreadFailure: (message) => failures.push(message),
  });
  try {
    const deadline = Date.now() + 5000;
    while (failures.length === 0 && Date.now() < deadline) await Bun.sleep(10);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain("unable to open database file");
    const [setting] = await sql`PRAGMA wal_autocheckpoint`;
    expect(Object.values(setting as object)[0]).toBe(1000);
  } finally {
    await checkpointer.stop();
    await sql.close();
  }
});
