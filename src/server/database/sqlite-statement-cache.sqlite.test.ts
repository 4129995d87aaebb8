import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { SQL } from "bun";
import {
  installSqliteStatementCache,
  statementCacheStats,
  statementsPerConnection,
} from "./sqlite-statement-cache.ts";

installSqliteStatementCache();

const memory = () => new SQL({ adapter: "sqlite", filename: ":memory:" });

describe("the SQLite statement cache", () => {
  test("Bun.SQL's SQLite queries go through Database.prototype.prepare, and repeated ones are answered from the cache", async () => {
    // Fails when a Bun upgrade stops preparing through the prototype: the cache would then do nothing.
    const sql = memory();
    await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)`;
    const before = statementCacheStats();
    for (let i = 0; i < 5; i++) await sql`INSERT INTO items (id, name) VALUES (${i}, ${`item ${i}`})`;
    for (let i = 0; i < 5; i++)
      expect(await sql`SELECT name FROM items WHERE id = ${i}`).toEqual([{ name: `item ${i}` }]);
    const after = statementCacheStats();
    expect(after.misses - before.misses).toBe(2);
    expect(after.hits - before.hits).toBe(8);
    await sql.close();
  });

  test("a statement is reused: the same instance comes back, and finalizing it keeps it usable", () => {
    const db = new Database(":memory:");
    const first = db.prepare("SELECT 1 AS one");
    first.finalize();
    const second = db.prepare("SELECT 1 AS one");
    expect(second).toBe(first);
    expect(second.all()).toEqual([{ one: 1 }]);
    // Bound parameters at prepare time are the statement's own: never shared.
    expect(db.prepare("SELECT ? AS v", [2])).not.toBe(db.prepare("SELECT ? AS v", [2]));
    db.close();
  });

  test("the cache is bounded: the least recently used statement is finalized and prepared again", () => {
    const db = new Database(":memory:");
    const first = db.prepare("SELECT 0 AS n");
    for (let n = 1; n <= statementsPerConnection; n++) db.prepare(`SELECT ${n} AS n`);
    const again = db.prepare("SELECT 0 AS n");
    expect(again).not.toBe(first);
    expect(again.all()).toEqual([{ n: 0 }]);
    db.close();
  });

  test("each connection keeps its own statements", () => {
    const a = new Database(":memory:");
    const b = new Database(":memory:");
    expect(a.prepare("SELECT 1")).not.toBe(b.prepare("SELECT 1"));
    a.close();
    b.close();
  });

  test("a failed statement still runs the next time, and a schema change is seen by SELECT *", async () => {
    const sql = memory();
    await sql`CREATE TABLE items (id INTEGER PRIMARY KEY)`;
    await sql`INSERT INTO items (id) VALUES (${1})`;
    await expect(sql`INSERT INTO items (id) VALUES (${1})`).rejects.toThrow();
    await sql`INSERT INTO items (id) VALUES (${2})`;
    expect(await sql`SELECT * FROM items ORDER BY id`).toEqual([{ id: 1 }, { id: 2 }]);
    await sql`ALTER TABLE items ADD COLUMN name TEXT DEFAULT 'x'`;
    expect(await sql`SELECT * FROM items ORDER BY id`).toEqual([
      { id: 1, name: "x" },
      { id: 2, name: "x" },
    ]);
    await sql.close();
  });

  test("inside transactions too", async () => {
    const sql = memory();
    await sql`CREATE TABLE items (id INTEGER PRIMARY KEY)`;
    for (let round = 0; round < 3; round++) {
      await sql.begin(async (tx) => {
        await tx`INSERT INTO items (id) VALUES (${round})`;
      });
    }
    await expect(
      sql.begin(async (tx) => {
        await tx`INSERT INTO items (id) VALUES (${10})`;
        await tx`INSERT INTO items (id) VALUES (${0})`;
      }),
    ).rejects.toThrow();
    expect(await sql`SELECT id FROM items ORDER BY id`).toEqual([{ id: 0 }, { id: 1 }, { id: 2 }]);
    await sql.close();
  });
});
