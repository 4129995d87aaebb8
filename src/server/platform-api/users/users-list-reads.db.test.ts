import { describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { UserListItem } from "../../../shared/users-api.ts";
import { readSql } from "../../database/read-sql.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer } from "../../test-support/test-server.ts";
import { startUsersServer } from "./users-test-support.ts";

/**
 * The users list reads through `db.reads` (reader threads on a SQLite file,
 * Bun.SQL's pool on PostgreSQL) and reuses its count while `list_versions` stands still. An admin who
 * saves and reloads must see the change at once, counts included.
 */
type Page = ListPage<UserListItem>;

const list = async (query: string) => {
  const answer = await context.call<Page>("GET", `/api/users${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const usersVersion = async () => {
  const [row] = await context.sql`SELECT version FROM list_versions WHERE name = 'users'`;
  return Number(row.version);
};

const context = startedBeforeAll(startUsersServer);

describe("the users list's reads", () => {
  test("go to reader threads on a SQLite file and to Bun.SQL on PostgreSQL", async () => {
    await list("");
    const pool = context.server.db.reads.pool;
    if (context.server.db.engine === "sqlite") expect(pool?.load.threads).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeNull();
  });

  test("see an account saved just before, in the rows and in the counts", async () => {
    const before = (await list("?status=enabled&q=reload")).total;
    const id = await context.insertUser({ name: "ReloadMe", email: "reload@example.com" });
    // Read twice: the second answer may come from a reused count, and must still be right.
    expect((await list("?status=enabled&q=reload")).total).toBe(before + 1);
    expect((await list("?status=enabled&q=reload&page=2")).total).toBe(before + 1);

    const renamed = await context.call("PATCH", `/api/users/${id}`, { body: { name: "ReloadedName" } });
    expect(renamed.status).toBe(200);
    const page = await list("?q=reloadedname");
    expect(page.items.map((item) => item.name)).toEqual(["ReloadedName"]);
    expect(page.total).toBe(1);

    const banned = await context.call("PATCH", `/api/users/${id}`, { body: { enabled: false } });
    expect(banned.status).toBe(200);
    expect((await list("?status=enabled&q=reload")).total).toBe(before);
    expect((await list("?status=banned&q=reloadedname")).items.map((item) => item.id)).toEqual([id]);

    expect((await context.call("DELETE", `/api/users/${id}`)).status).toBe(204);
    expect((await list("?status=banned&q=reloadedname")).total).toBe(0);
  });

  test("the list version moves with the columns the list filters on, not with a login or XP", async () => {
    const id = await context.insertUser({ name: "Versioned" });
    let version = await usersVersion();
    await context.sql`UPDATE users SET last_login_at = ${new Date().toISOString()}, xp = 10 WHERE id = ${id}`;
    // The accounts' row lock writes a filtered column without changing it.
    await context.sql`UPDATE users SET role = role, enabled = enabled WHERE id = ${id}`;
    expect(await usersVersion()).toBe(version);
    for (const change of [
      context.sql`UPDATE users SET name_key = 'versioned2' WHERE id = ${id}`,
      context.sql`UPDATE users SET email = 'v2@example.com' WHERE id = ${id}`,
      context.sql`UPDATE users SET role = 'ADMIN' WHERE id = ${id}`,
      context.sql`UPDATE users SET enabled = FALSE WHERE id = ${id}`,
      context.sql`UPDATE users SET email_verified = TRUE WHERE id = ${id}`,
      context.sql`UPDATE users SET mfa_enabled = TRUE WHERE id = ${id}`,
      context.sql`DELETE FROM users WHERE id = ${id}`,
    ]) {
      await change;
      const next = await usersVersion();
      expect(next).toBeGreaterThan(version);
      version = next;
    }
  });

  test("answer the same rows as the main connection", async () => {
    for (let n = 0; n < 30; n++) await context.insertUser({ name: `Same${n}`, email: `same${n}@x.example` });
    const page = await list("?q=same&sort=name&page=2&pageSize=7");
    const rows = await context.sql`SELECT name FROM users WHERE name_key LIKE '%same%' OR email LIKE '%same%'
      ORDER BY name_key, id LIMIT 7 OFFSET 7`;
    expect(page.items.map((item) => item.name)).toEqual(rows.map((row: { name: string }) => row.name));
    expect(page.total).toBe(30);
  });
});

test("stopping the server ends its reader threads", async () => {
  const server = await startTestServer();
  const reads = server.db.reads;
  await reads.all([readSql`SELECT count(*) AS total FROM users`]);
  await server.dispose();
  expect(reads.pool?.load.threads ?? 0).toBe(0);
  await expect(reads.all([readSql`SELECT 1`])).rejects.toThrow();
});
