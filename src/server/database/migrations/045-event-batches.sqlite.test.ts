import { expect, test } from "bun:test";
import type { SQL } from "bun";
import { databasesBeforeMigration } from "../../test-support/databases-before-migration.ts";
import { runMigrations } from "../migrations.ts";

// 045 moves folded events to batches: pings the previous release folded one event row at a time but
// had not cut from the log yet leave it with the upgrade, and the view reads the events stored before.

const databases = databasesBeforeMigration(45, "event-batches-migration");

async function session(sql: SQL, id: string): Promise<void> {
  await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, created_at)
    VALUES (${"shop"}, ${"Shop"}, ${"shop-key"}, ${"secret"}, ${"2026-01-01T00:00:00.000Z"})
    ON CONFLICT (id) DO NOTHING`;
  await sql`INSERT INTO widget_sessions (id, project_id, custom_data, created_at, last_seen_at)
    VALUES (${id}, ${"shop"}, ${"{}"}, ${"2026-01-01T00:00:00.000Z"}, ${"2026-01-01T00:00:00.000Z"})`;
}

const logEvents = (eventId: string | null) =>
  JSON.stringify(eventId ? [[eventId, "pageView", "2026-01-01T10:00:00.000Z", '{"page":"/a"}']] : []);

async function logPing(sql: SQL, seq: number, sessionId: string, eventId: string | null): Promise<void> {
  await sql`INSERT INTO widget_ping_log (seq, session_id, seen_at, events)
    VALUES (${seq}, ${sessionId}, ${"2026-01-01T10:00:00.000Z"}, ${logEvents(eventId)})`;
}

test("045 cuts from the log the pings the previous release folded, with every earlier one of their session", async () => {
  const db = await databases.open("leftover-log");
  await session(db.sql, "folded");
  await session(db.sql, "unfolded");
  // "folded": seq 1 without events, seq 2 whose event is stored, seq 4 not folded yet.
  await logPing(db.sql, 1, "folded", null);
  await logPing(db.sql, 2, "folded", "event-2");
  await logPing(db.sql, 3, "unfolded", "event-3");
  await logPing(db.sql, 4, "folded", "event-4");
  await db.sql`INSERT INTO widget_events (id, session_id, name, occurred_at, data, created_at)
    VALUES (${"event-2"}, ${"folded"}, ${"pageView"}, ${"2026-01-01T10:00:00.000Z"}, ${'{"page":"/a"}'},
      ${"2026-01-01T10:00:00.000Z"})`;
  await runMigrations(db.sql);
  const left = await db.sql`SELECT seq FROM widget_ping_log ORDER BY seq`;
  expect(left.map((row: { seq: number }) => row.seq)).toEqual([3, 4]);
});

test("the view reads events stored a row each and a batch each, as rows of one shape", async () => {
  const db = await databases.open("view");
  await session(db.sql, "visitor");
  await runMigrations(db.sql);
  await db.sql`INSERT INTO widget_events (id, session_id, name, occurred_at, data, created_at)
    VALUES (${"row-1"}, ${"visitor"}, ${"pageView"}, ${"2026-01-01T10:00:00.000Z"}, ${'{"page":"/a"}'},
      ${"2026-01-01T10:00:01.000Z"})`;
  const batch = [
    ["batch-1", "addedToCart", "2026-01-01T10:00:02.000Z", '{"sku":"A1"}', "2026-01-01T10:00:03.000Z"],
    ["batch-2", "pageView", "2026-01-01T10:00:04.000Z", null, "2026-01-01T10:00:05.000Z"],
  ];
  await db.sql`INSERT INTO widget_event_batches (through_seq, session_id, events)
    VALUES (${7}, ${"visitor"}, ${JSON.stringify(batch)})`;
  const rows =
    await db.sql`SELECT id, session_id, name, occurred_at, data, created_at FROM widget_session_events
    WHERE session_id = ${"visitor"} ORDER BY occurred_at, id`;
  expect(rows).toEqual([
    {
      id: "row-1",
      session_id: "visitor",
      name: "pageView",
      occurred_at: "2026-01-01T10:00:00.000Z",
      data: '{"page":"/a"}',
      created_at: "2026-01-01T10:00:01.000Z",
    },
    {
      id: "batch-1",
      session_id: "visitor",
      name: "addedToCart",
      occurred_at: "2026-01-01T10:00:02.000Z",
      data: '{"sku":"A1"}',
      created_at: "2026-01-01T10:00:03.000Z",
    },
    {
      id: "batch-2",
      session_id: "visitor",
      name: "pageView",
      occurred_at: "2026-01-01T10:00:04.000Z",
      data: null,
      created_at: "2026-01-01T10:00:05.000Z",
    },
  ]);
  // A session's delete takes its batches with it.
  await db.sql`DELETE FROM widget_sessions WHERE id = ${"visitor"}`;
  expect(await db.sql`SELECT * FROM widget_event_batches`).toEqual([]);
});
