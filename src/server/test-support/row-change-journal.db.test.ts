import { expect, test } from "bun:test";
import { installRowChangeJournal, rowChangeCounts, tablesWritten } from "./row-change-journal.ts";
import { startBeforeAll } from "./test-lifecycle.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/**
 * The journal the property tests read to prove a refused request wrote nothing: it must see every kind
 * of write on the engine under test, and only real changes.
 */

let server: TestServer;
startBeforeAll(startTestServer, async (started) => {
  server = started;
  await installRowChangeJournal(server.db.sql, server.db.engine, new Set(["database_writers"]));
});

test("inserts, changes and deletes are counted per table; an UPDATE to the same values and a rollback are not", async () => {
  const sql = server.db.sql;
  const start = await rowChangeCounts(sql);
  const [setting] = await sql`SELECT key, value FROM settings LIMIT 1`;
  expect(setting).toBeDefined();

  await sql`UPDATE settings SET value = ${setting.value} WHERE key = ${setting.key}`;
  expect(tablesWritten(start, await rowChangeCounts(sql))).toEqual([]);

  await sql`INSERT INTO settings (key, value) VALUES ('journal-probe', 'a')`;
  const inserted = await rowChangeCounts(sql);
  expect(tablesWritten(start, inserted)).toEqual(["settings"]);

  await sql`UPDATE settings SET value = 'b' WHERE key = 'journal-probe'`;
  const changed = await rowChangeCounts(sql);
  expect(tablesWritten(inserted, changed)).toEqual(["settings"]);

  await sql
    .begin(async (tx) => {
      await tx`DELETE FROM settings WHERE key = 'journal-probe'`;
      throw new Error("rolled back");
    })
    .catch(() => undefined);
  expect(tablesWritten(changed, await rowChangeCounts(sql))).toEqual([]);

  await sql`DELETE FROM settings WHERE key = 'journal-probe'`;
  const deleted = await rowChangeCounts(sql);
  expect(tablesWritten(changed, deleted)).toEqual(["settings"]);
  expect(deleted.get("settings")).toBe((start.get("settings") ?? 0) + 3);
});

test("an ignored table is not counted; a write through the server's API is", async () => {
  const sql = server.db.sql;
  const before = await rowChangeCounts(sql);
  await sql`INSERT INTO database_writers (id, seen_at_ms) VALUES ('journal-probe', 1)`;
  await sql`DELETE FROM database_writers WHERE id = 'journal-probe'`;
  const started = await fetch(`${server.mainUrl}/api/widget/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Api-Token": "demo" },
    body: "{}",
  });
  expect(started.status).toBe(200);
  const written = tablesWritten(before, await rowChangeCounts(sql));
  expect(written).toContain("widget_sessions");
  expect(written).not.toContain("database_writers");
});
