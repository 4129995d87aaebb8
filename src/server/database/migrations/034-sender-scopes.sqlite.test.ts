import { expect, test } from "bun:test";
import { databasesBeforeMigration } from "../../test-support/databases-before-migration.ts";
import { runMigrations } from "../migrations.ts";

const databases = databasesBeforeMigration(34, "sender-scopes-migration");

test("034 gives keyed reports their session as sender, and every kept origin its first visit as its last", async () => {
  const db = await databases.open("upgrade");
  const sql = db.sql;
  const now = new Date().toISOString();
  await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${"p"}, ${"P"}, ${"key-p"}, ${"secret"}, ${"{}"}, ${now})`;
  await sql`INSERT INTO widget_sessions (id, project_id, created_at, last_seen_at)
    VALUES (${"s1"}, ${"p"}, ${now}, ${now})`;
  const report = (id: string, number: number, sessionId: string | null, key: string | null) =>
    sql`INSERT INTO feedback_reports (id, project_id, session_id, number, type, priority, status,
        idempotency_key, created_at)
      VALUES (${id}, ${"p"}, ${sessionId}, ${number}, ${"BUG"}, ${"LOW"}, ${"OPEN"}, ${key}, ${now})`;
  await report("keyed", 1, "s1", "k1");
  await report("keyed-without-session", 2, null, "k2");
  await report("unkeyed", 3, "s1", null);
  await sql`INSERT INTO widget_installations (project_id, origin, first_seen_at)
    VALUES (${"p"}, ${"https://shop.example"}, ${"2025-01-02T03:04:05.000Z"})`;

  await runMigrations(sql);
  const rows =
    await sql`SELECT id, idempotency_scope, idempotency_body_hash FROM feedback_reports ORDER BY id`;
  expect(rows).toEqual([
    { id: "keyed", idempotency_scope: "session:s1", idempotency_body_hash: null },
    { id: "keyed-without-session", idempotency_scope: null, idempotency_body_hash: null },
    { id: "unkeyed", idempotency_scope: null, idempotency_body_hash: null },
  ]);
  // One key, two senders: two reports.
  await sql`INSERT INTO feedback_reports (id, project_id, number, type, priority, status, idempotency_key,
      idempotency_scope, created_at)
    VALUES (${"other-sender"}, ${"p"}, ${4}, ${"BUG"}, ${"LOW"}, ${"OPEN"}, ${"k1"}, ${"session:s2"}, ${now})`;
  await expect(
    sql`INSERT INTO feedback_reports (id, project_id, number, type, priority, status, idempotency_key,
        idempotency_scope, created_at)
      VALUES (${"same-sender"}, ${"p"}, ${5}, ${"BUG"}, ${"LOW"}, ${"OPEN"}, ${"k1"}, ${"session:s1"}, ${now})`,
  ).rejects.toThrow();
  expect(await sql`SELECT origin, first_seen_at, last_seen_at FROM widget_installations`).toEqual([
    {
      origin: "https://shop.example",
      first_seen_at: "2025-01-02T03:04:05.000Z",
      last_seen_at: "2025-01-02T03:04:05.000Z",
    },
  ]);
});
