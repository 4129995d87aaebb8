import { expect, test } from "bun:test";
import { databasesBeforeMigration } from "../../test-support/databases-before-migration.ts";
import { runMigrations } from "../migrations.ts";

const databases = databasesBeforeMigration(14, "account-and-task-limits-migration");

test("014 marks the tasks an open report disabled under the old rule, so resolving it still brings them back", async () => {
  const db = await databases.open("upgrade");
  const sql = db.sql;
  const now = new Date().toISOString();
  await sql`INSERT INTO challenges (id, title, difficulty, status, created_at, updated_at)
    VALUES (${"c"}, ${"C"}, ${"EASY"}, ${"PUBLISHED"}, ${now}, ${now})`;
  const task = (id: string, enabled: boolean) =>
    sql`INSERT INTO tasks (id, challenge_id, kind, content, enabled, created_at, updated_at)
      VALUES (${id}, ${"c"}, ${"QUESTION"}, ${"{}"}, ${enabled}, ${now}, ${now})`;
  const report = (id: string, taskId: string, resolvedAt: string | null) =>
    sql`INSERT INTO reports (id, task_id, task_snapshot, reason, created_at, resolved_at)
      VALUES (${id}, ${taskId}, ${"{}"}, ${"WRONG"}, ${now}, ${resolvedAt})`;
  await task("reported", false);
  await report("r1", "reported", null);
  await task("by-hand", false);
  await report("r2", "by-hand", now);
  await task("in-play", true);
  await report("r3", "in-play", null);

  await runMigrations(sql);
  const rows = await sql`SELECT id, enabled, hidden_by_reports FROM tasks ORDER BY id`;
  expect(
    rows.map((row: { id: string; enabled: unknown; hidden_by_reports: unknown }) => [
      row.id,
      Boolean(row.enabled),
      Boolean(row.hidden_by_reports),
    ]),
  ).toEqual([
    ["by-hand", false, false],
    ["in-play", true, false],
    ["reported", false, true],
  ]);
});
