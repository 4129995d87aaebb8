import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempDatabases } from "../test-support/temp-databases.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import type { Database } from "./database.ts";
import { createSqliteReadPool, ReadFailed, type SqliteReadPool } from "./sqlite-read-pool.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

const databases = tempDatabases("sqlite-read-pool");
const crashingWorker = new URL("../test-support/crashing-read-worker.ts", import.meta.url).href;
let db: Database;
let filename: string;
const pools: SqliteReadPool[] = [];

const pool = (threads = 2, workerUrl?: string) => {
  const created = createSqliteReadPool({ filename, threads, ...(workerUrl ? { workerUrl } : {}) });
  pools.push(created);
  return created;
};
const read = (text: string, ...params: Array<string | number>) => ({ text, params });

beforeAll(async () => {
  await databases.setup();
  db = await databases.open("reads");
  filename = db.sql.options.filename as string;
  await db.sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`;
  await db.sql`CREATE TABLE versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)`;
  await db.sql`INSERT INTO versions (name, version) VALUES ('items', 1)`;
  for (const name of ["ant", "bee", "cat"]) await db.sql`INSERT INTO items (name) VALUES (${name})`;
});

afterAll(async () => {
  for (const created of pools) created.close();
  await databases.cleanup();
});

describe("the SQLite read pool", () => {
  test("starts its threads on the first read, not before, and answers rows in order", async () => {
    const reads = pool();
    expect(reads.load).toEqual({ threads: 0, busy: 0, waiting: 0 });
    const [names, counted] = await reads.run([
      read("SELECT name FROM items WHERE name <> ? ORDER BY id", "bee"),
      read("SELECT count(*) AS total FROM items"),
    ]);
    expect(names).toEqual([{ name: "ant" }, { name: "cat" }]);
    expect(counted).toEqual([{ total: 3 }]);
    expect(reads.load).toEqual({ threads: 1, busy: 0, waiting: 0 });
  });

  test("sees every write the main connection committed before the read (WAL)", async () => {
    const reads = pool();
    await reads.run([read("SELECT 1")]);
    await db.sql`INSERT INTO items (name) VALUES ('dog')`;
    const [rows] = await reads.run([read("SELECT name FROM items WHERE name = ?", "dog")]);
    expect(rows).toEqual([{ name: "dog" }]);
    await db.sql`DELETE FROM items WHERE name = 'dog'`;
    const [after] = await reads.run([read("SELECT name FROM items WHERE name = ?", "dog")]);
    expect(after).toEqual([]);
  });

  test("runs as many reads at once as it has threads and queues the rest in order", async () => {
    const reads = pool(2);
    // A recursive query that takes a while, so the jobs overlap.
    const slow = read(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) SELECT count(*) AS c, ? AS tag FROM n",
    );
    const jobs = [1, 2, 3, 4, 5].map((tag) => reads.run([{ ...slow, params: [tag] }]));
    expect(reads.load).toEqual({ threads: 2, busy: 2, waiting: 3 });
    const answers = await Promise.all(jobs);
    expect(answers.map(([rows]) => rows)).toEqual([1, 2, 3, 4, 5].map((tag) => [{ c: 300000, tag }]));
    expect(reads.load).toEqual({ threads: 2, busy: 0, waiting: 0 });
  });

  test("a failing statement rejects with SQLite's message, and the thread goes on reading", async () => {
    const reads = pool(1);
    const failed = reads.run([read("SELECT nope FROM items")]);
    await expect(failed).rejects.toBeInstanceOf(ReadFailed);
    await expect(failed).rejects.toThrow("no such column: nope");
    // The connection is read-only: a write through the pool is refused, not made.
    await expect(reads.run([read("DELETE FROM items")])).rejects.toThrow("readonly");
    const [rows] = await reads.run([read("SELECT count(*) AS total FROM items")]);
    expect(rows).toEqual([{ total: 3 }]);
    expect(reads.load.threads).toBe(1);
  });

  test("reuses rows while their version query answers the same, and reads again once it changes", async () => {
    const reads = pool(1);
    const counted = async () => {
      const [rows] = await reads.run([
        { ...read("SELECT count(*) AS total FROM items"), reuseWhile: read("SELECT version FROM versions") },
      ]);
      return rows;
    };
    expect(await counted()).toEqual([{ total: 3 }]);
    // A write the version does not record: the reused count is the old one (which is what the
    // version promises to prevent, so real tables bump it by trigger).
    await db.sql`INSERT INTO items (name) VALUES ('eel')`;
    expect(await counted()).toEqual([{ total: 3 }]);
    await db.sql`UPDATE versions SET version = version + 1`;
    expect(await counted()).toEqual([{ total: 4 }]);
    await db.sql`DELETE FROM items WHERE name = 'eel'`;
    await db.sql`UPDATE versions SET version = version + 1`;
    expect(await counted()).toEqual([{ total: 3 }]);
  });

  test("a thread that dies is replaced, and its read runs again on the new thread", async () => {
    const reads = pool(1, crashingWorker);
    const marker = join(databases.dir(), "crash-marker");
    await writeFile(marker, "");
    const [rows] = await reads.run([read("SELECT 'crash once', ? AS marker", marker)]);
    expect(rows).toEqual([{ "'crash once'": "crash once", marker }]);
    // The first thread did die on it (it removed the marker as it went).
    expect(existsSync(marker)).toBe(false);
    expect(reads.load).toEqual({ threads: 1, busy: 0, waiting: 0 });
  });

  test("a read that kills its thread twice fails, and the reads queued behind it are answered", async () => {
    const reads = pool(1, crashingWorker);
    const crash = reads.run([read("SELECT 'crash'")]);
    const next = reads.run([read("SELECT count(*) AS total FROM items")]);
    await expect(crash).rejects.toThrow("SQLite reader thread failed twice");
    expect((await next)[0]).toEqual([{ total: 3 }]);
  });

  test("close ends every thread; reads waiting and later reads fail", async () => {
    const reads = pool(1);
    await reads.run([read("SELECT 1")]);
    const slow = reads.run([
      read(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) FROM n",
      ),
    ]);
    const waiting = reads.run([read("SELECT 1")]);
    reads.close();
    await expect(slow).rejects.toThrow("closed");
    await expect(waiting).rejects.toThrow("closed");
    await expect(reads.run([read("SELECT 1")])).rejects.toThrow("closed");
    expect(reads.load).toEqual({ threads: 0, busy: 0, waiting: 0 });
  });
});
