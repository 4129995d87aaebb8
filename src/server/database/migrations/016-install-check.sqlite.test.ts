import { expect, test } from "bun:test";
import { databasesBeforeMigration } from "../../test-support/databases-before-migration.ts";
import { runMigrations } from "../migrations.ts";

const databases = databasesBeforeMigration(16, "install-check-migration");

test("016 keeps every project made before it waiting for cookie consent, with its other settings intact", async () => {
  const db = await databases.open("upgrade");
  const sql = db.sql;
  const now = new Date().toISOString();
  const project = (id: string, flowConfig: string) =>
    sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
      VALUES (${id}, ${id}, ${`key-${id}`}, ${"secret"}, ${flowConfig}, ${now})`;
  await project("empty", "{}");
  await project("styled", JSON.stringify({ color: "#112233", enableShortcuts: false }));

  await runMigrations(sql);
  const rows = (await sql`SELECT id, flow_config FROM widget_projects ORDER BY id`) as Array<{
    id: string;
    flow_config: string;
  }>;
  expect(rows.map((row) => [row.id, JSON.parse(row.flow_config)])).toEqual([
    ["empty", { requireCookieConsent: true }],
    ["styled", { requireCookieConsent: true, color: "#112233", enableShortcuts: false }],
  ]);
  await sql`INSERT INTO widget_installations (project_id, origin, first_seen_at) VALUES (${"empty"}, ${"https://a.example"}, ${now})`;
  expect(await sql`SELECT origin FROM widget_installations`).toEqual([{ origin: "https://a.example" }]);
});
