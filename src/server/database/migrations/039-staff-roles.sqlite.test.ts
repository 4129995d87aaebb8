import { expect, test } from "bun:test";
import type { SQL } from "bun";
import { databasesBeforeMigration } from "../../test-support/databases-before-migration.ts";
import { runMigrations } from "../migrations.ts";

const databases = databasesBeforeMigration(39, "staff-roles-migration");

function account(sql: SQL, name: string, role: string, enabled: boolean, createdAt: string, email?: string) {
  return sql`INSERT INTO users (id, name, name_key, email, password_hash, role, enabled, email_verified, created_at)
    VALUES (${name}, ${name}, ${name}, ${email ?? `${name}@example.com`}, ${"x"}, ${role}, ${enabled}, ${true},
      ${createdAt})`;
}

const rolesOf = async (sql: SQL) =>
  Object.fromEntries(
    (
      (await sql`SELECT id, staff_role FROM users ORDER BY id`) as Array<{
        id: string;
        staff_role: string | null;
      }>
    ).map((row) => [row.id, row.staff_role]),
  );

test("039 makes the oldest enabled admin the owner, every other admin an admin, and platform users no staff", async () => {
  const db = await databases.open("oldest");
  await account(db.sql, "banned-first", "ADMIN", false, "2024-01-01T00:00:00.000Z");
  await account(db.sql, "first-enabled", "ADMIN", true, "2024-02-01T00:00:00.000Z");
  await account(db.sql, "later", "ADMIN", true, "2024-03-01T00:00:00.000Z");
  await account(db.sql, "learner", "USER", true, "2023-01-01T00:00:00.000Z");
  await runMigrations(db.sql);
  expect(await rolesOf(db.sql)).toEqual({
    "banned-first": "admin",
    "first-enabled": "owner",
    later: "admin",
    learner: null,
  });
  expect(await db.sql`SELECT * FROM staff_project_members`).toEqual([]);
  expect(await db.sql`SELECT * FROM staff_invitations`).toEqual([]);
});

test("039 makes the demo admin the owner of a demo installation, whose generated admins may be older", async () => {
  const db = await databases.open("demo");
  await account(db.sql, "generated", "ADMIN", true, "2026-01-01T00:00:00.000Z");
  await account(db.sql, "admin", "ADMIN", true, "2026-11-20T00:00:00.000Z", "admin@example.com");
  await runMigrations(db.sql);
  expect(await rolesOf(db.sql)).toEqual({ admin: "owner", generated: "admin" });
});

test("039 on an installation whose only admins are disabled still names an owner; without admins nobody", async () => {
  const disabled = await databases.open("disabled");
  await account(disabled.sql, "older", "ADMIN", false, "2024-01-01T00:00:00.000Z");
  await account(disabled.sql, "younger", "ADMIN", false, "2024-06-01T00:00:00.000Z");
  await runMigrations(disabled.sql);
  expect(await rolesOf(disabled.sql)).toEqual({ older: "owner", younger: "admin" });

  const none = await databases.open("none");
  await account(none.sql, "learner", "USER", true, "2024-01-01T00:00:00.000Z");
  await runMigrations(none.sql);
  expect(await rolesOf(none.sql)).toEqual({ learner: null });
});

test("039's tables: one pending invitation per address, one membership per project, gone with the account", async () => {
  const db = await databases.open("tables");
  await runMigrations(db.sql);
  const now = new Date().toISOString();
  await account(db.sql, "agent", "ADMIN", true, now);
  await db.sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${"p"}, ${"P"}, ${"key-p"}, ${"secret"}, ${"{}"}, ${now})`;
  await db.sql`INSERT INTO staff_project_members (user_id, project_id, created_at) VALUES ('agent', 'p', ${now})`;
  await expect(
    db.sql`INSERT INTO staff_project_members (user_id, project_id, created_at) VALUES ('agent', 'p', ${now})`,
  ).rejects.toThrow();
  const invite = (id: string, hash: string, pending: string | null) =>
    db.sql`INSERT INTO staff_invitations (id, email, role, token_hash, pending_key, created_at, sent_at, expires_at)
      VALUES (${id}, ${"x@example.com"}, ${"agent"}, ${hash}, ${pending}, ${now}, ${now}, ${now})`;
  await invite("one", "h1", "x@example.com");
  await expect(invite("two", "h2", "x@example.com")).rejects.toThrow();
  await invite("accepted", "h3", null);
  await invite("revoked", "h4", null);
  await expect(invite("same-token", "h1", null)).rejects.toThrow();
  await db.sql`DELETE FROM users WHERE id = ${"agent"}`;
  expect(await db.sql`SELECT * FROM staff_project_members`).toEqual([]);
});
