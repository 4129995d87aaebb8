import { describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { UserListItem } from "../../../shared/users-api.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { notAuthorized, outcome, startUsersServer, type UsersTestContext } from "./users-test-support.ts";

type Page = ListPage<UserListItem>;

let context: UsersTestContext;
const ids: Record<string, string> = {};

const list = async (query = "") => {
  const answer = await context.call<Page>("GET", `/api/users${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const names = (page: Page) => page.items.map((item) => item.name);

startBeforeAll(startUsersServer, async (started) => {
  context = started;
  // The seeded admin (created now) is the newest account; these are older, one day apart.
  const day = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString();
  ids.alice = await context.insertUser({
    name: "Alice",
    email: "alice@school.example",
    emailVerified: true,
    xp: 2_000,
    balance: 50,
    createdAt: day(1),
    lastLoginAt: day(20),
  });
  ids.bob = await context.insertUser({
    name: "bob_builder",
    email: "bob@works.example",
    mfaEnabled: true,
    newsletter: true,
    xp: 19,
    balance: 500,
    createdAt: day(2),
  });
  ids.carol = await context.insertUser({
    name: "Carol",
    email: null,
    role: "ADMIN",
    emailVerified: true,
    xp: 42_320,
    balance: 5,
    createdAt: day(3),
    lastLoginAt: day(10),
  });
  ids.dave = await context.insertUser({
    name: "Dave100%",
    email: "dave@school.example",
    enabled: false,
    xp: 720,
    balance: 1,
    createdAt: day(4),
    lastLoginAt: day(30),
  });
  await context.sql`UPDATE users SET last_login_at = ${day(40)} WHERE id = ${context.adminId}`;
});

describe("GET /api/users access", () => {
  test("without a token answers 401", async () => {
    const answer = await context.call("GET", "/api/users", { token: null });
    expect(outcome(answer)).toEqual({
      status: 401,
      body: { error: "Sign in first: the request has no bearer token" },
    });
  });

  test("a USER's token answers 403", async () => {
    const { id, token } = await context.signedInUser("Member");
    const answer = await context.call("GET", "/api/users", { token });
    expect(outcome(answer)).toEqual({ status: 403, body: notAuthorized });
    await context.sql`DELETE FROM users WHERE id = ${id}`;
  });
});

describe("GET /api/users", () => {
  test("answers the newest accounts first with the list fields, levels included", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(names(page)).toEqual(["admin", "Dave100%", "Carol", "bob_builder", "Alice"]);
    const alice = page.items.find((item) => item.id === ids.alice);
    expect(alice).toEqual({
      id: ids.alice as string,
      name: "Alice",
      email: "alice@school.example",
      role: "USER",
      enabled: true,
      emailVerified: true,
      mfaEnabled: false,
      newsletter: false,
      balance: 50,
      xp: 2_000,
      level: 10,
      levelName: "Beginner",
      createdAt: "2025-01-01T00:00:00.000Z",
      lastLoginAt: "2025-01-20T00:00:00.000Z",
    });
    const bob = page.items.find((item) => item.id === ids.bob);
    expect(bob).toMatchObject({ mfaEnabled: true, newsletter: true, level: 0, levelName: "Newbie" });
    expect(bob?.lastLoginAt).toBeNull();
    const carol = page.items.find((item) => item.id === ids.carol);
    expect(carol).toMatchObject({ email: null, role: "ADMIN", level: 46, levelName: "God Tier" });
  });

  test("searches name and email case-insensitively", async () => {
    expect(names(await list("?q=ALI"))).toEqual(["Alice"]);
    expect(names(await list("?q=school.EXAMPLE&sort=name"))).toEqual(["Alice", "Dave100%"]);
    expect(names(await list("?q=works"))).toEqual(["bob_builder"]);
    expect((await list("?q=nobody-matches")).total).toBe(0);
  });

  test("searches for LIKE wildcards literally", async () => {
    expect(names(await list(`?q=${encodeURIComponent("100%")}`))).toEqual(["Dave100%"]);
    expect(names(await list("?q=b_b"))).toEqual(["bob_builder"]);
    expect((await list(`?q=${encodeURIComponent("%")}`)).total).toBe(1);
    expect((await list("?q=_")).total).toBe(1);
  });

  test("filters by role, status, email verification and MFA", async () => {
    expect(names(await list("?role=ADMIN&sort=name"))).toEqual(["admin", "Carol"]);
    expect((await list("?role=user")).total).toBe(3);
    expect(names(await list("?status=banned"))).toEqual(["Dave100%"]);
    expect((await list("?status=enabled")).total).toBe(4);
    expect(names(await list("?emailVerified=false&sort=name"))).toEqual(["bob_builder", "Dave100%"]);
    expect((await list("?emailVerified=true")).total).toBe(3);
    expect(names(await list("?mfa=true"))).toEqual(["bob_builder"]);
    expect((await list("?mfa=false")).total).toBe(4);
    expect(names(await list("?role=USER&status=enabled&q=example&sort=name"))).toEqual([
      "Alice",
      "bob_builder",
    ]);
  });

  test("refuses unknown filter values naming the parameter", async () => {
    const cases: Array<[string, string, string]> = [
      ["?role=OWNER", "role must be ADMIN or USER", "role"],
      ["?status=deleted", "status must be enabled or banned", "status"],
      ["?emailVerified=yes", "emailVerified must be true or false", "emailVerified"],
      ["?mfa=1", "mfa must be true or false", "mfa"],
    ];
    for (const [query, error, field] of cases) {
      const answer = await context.call("GET", `/api/users${query}`);
      expect(outcome(answer)).toEqual({ status: 400, body: { error, field } });
    }
  });

  test("sorts by each field, both ways", async () => {
    const orders: [sort: string, names: string[]][] = [
      ["name", ["admin", "Alice", "bob_builder", "Carol", "Dave100%"]],
      ["-name", ["Dave100%", "Carol", "bob_builder", "Alice", "admin"]],
      ["createdAt", ["Alice", "bob_builder", "Carol", "Dave100%", "admin"]],
      ["-xp", ["Carol", "Alice", "Dave100%", "bob_builder", "admin"]],
      ["balance", ["admin", "Dave100%", "Carol", "Alice", "bob_builder"]],
    ];
    for (const [sort, expected] of orders) expect(names(await list(`?sort=${sort}`))).toEqual(expected);
  });

  test("sorts accounts without email or last login last, both ways", async () => {
    const byEmail = names(await list("?sort=email"));
    expect(byEmail).toEqual(["admin", "Alice", "bob_builder", "Dave100%", "Carol"]);
    expect(names(await list("?sort=-email"))).toEqual(["Dave100%", "bob_builder", "Alice", "admin", "Carol"]);
    const byLogin = names(await list("?sort=lastLoginAt"));
    expect(byLogin.slice(0, 3)).toEqual(["Carol", "Alice", "Dave100%"]);
    const byLoginDesc = names(await list("?sort=-lastLoginAt"));
    expect(byLoginDesc.slice(0, 3)).toEqual(["admin", "Dave100%", "Alice"]);
  });

  /** The 400 for a query parameter the list refuses. */
  const badQuery = (field: string, error: string) => ({ status: 400, body: { error, field } });

  test("refuses a sort field outside the list", async () => {
    const answer = await context.call("GET", "/api/users?sort=password_hash");
    expect(outcome(answer)).toEqual(
      badQuery(
        "sort",
        "sort must be one of name, email, createdAt, lastLoginAt, xp, balance (prefix - to reverse)",
      ),
    );
  });

  test("pages through the results", async () => {
    const second = await list("?sort=name&pageSize=2&page=2");
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(second)).toEqual(["bob_builder", "Carol"]);
    expect(names(await list("?sort=name&pageSize=2&page=3"))).toEqual(["Dave100%"]);
    expect((await list("?pageSize=2&page=9")).items).toEqual([]);
    const tooBig = await context.call("GET", "/api/users?pageSize=101");
    expect(outcome(tooBig)).toEqual(badQuery("pageSize", "pageSize must be a whole number from 1 to 100"));
    const badPage = await context.call("GET", "/api/users?page=0");
    expect(outcome(badPage)).toEqual({
      status: 400,
      body: { error: "page must be a whole number from 1 to 1000000", field: "page" },
    });
  });
});
