import { expect, test } from "bun:test";
import { databasesBeforeMigration } from "../../test-support/databases-before-migration.ts";
import { runMigrations } from "../migrations.ts";

const databases = databasesBeforeMigration(12, "visitor-identity-migration");

test("012 marks the sessions a verifying project identified as verified, and cuts merges made on a claim", async () => {
  const db = await databases.open("upgrade");
  const sql = db.sql;
  const now = new Date().toISOString();
  for (const [id, verifying] of [
    ["verifying", true],
    ["trusting", false],
  ] as const) {
    await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, identity_verification, created_at)
      VALUES (${id}, ${id}, ${`key-${id}`}, ${"secret"}, ${"{}"}, ${verifying}, ${now})`;
  }
  const session = (id: string, projectId: string, userId: string | null, mergedInto: string | null) =>
    sql`INSERT INTO widget_sessions (id, project_id, user_id, merged_into, custom_data, created_at, last_seen_at)
      VALUES (${id}, ${projectId}, ${userId}, ${mergedInto}, ${"{}"}, ${now}, ${now})`;
  await session("v-user", "verifying", "u-1", null);
  await session("v-merged", "verifying", null, "v-user");
  await session("v-anonymous", "verifying", null, null);
  await session("t-user", "trusting", "u-1", null);
  await session("t-merged", "trusting", null, "t-user");

  await runMigrations(sql);
  const rows = await sql`SELECT id, user_verified, merged_into FROM widget_sessions ORDER BY id`;
  expect(
    rows.map((row: { id: string; user_verified: unknown; merged_into: string | null }) => [
      row.id,
      Boolean(row.user_verified),
      row.merged_into,
    ]),
  ).toEqual([
    ["t-merged", false, null],
    ["t-user", false, null],
    ["v-anonymous", false, null],
    ["v-merged", false, "v-user"],
    ["v-user", true, null],
  ]);
  const [project] = await sql`SELECT feature_request_approval FROM widget_projects WHERE id = ${"trusting"}`;
  expect(Boolean(project?.feature_request_approval)).toBe(false);
});
