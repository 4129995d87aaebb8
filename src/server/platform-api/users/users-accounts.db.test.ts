import { describe, expect, test } from "bun:test";
import type { BulkUserResult, UserDetail } from "../../../shared/users-api.ts";
import { expectBadRequests } from "../../test-support/bad-request-cases.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { notAuthorized, outcome, startUsersServer, type UsersTestContext } from "./users-test-support.ts";

let context: UsersTestContext;
let memberToken: string;

const ownAccount = { error: "You cannot change your own account status or role" };
const notFound = { error: "User was not found" };

async function auditOf(
  entityId: string,
): Promise<Array<{ action: string; actor: string; details: unknown }>> {
  const rows = await context.sql`SELECT action, actor_id, details FROM audit_log
    WHERE entity = 'user' AND entity_id = ${entityId} ORDER BY created_at, id`;
  return rows.map((row: { action: string; actor_id: string; details: string }) => ({
    action: row.action,
    actor: row.actor_id,
    details: JSON.parse(row.details),
  }));
}

async function account(id: string) {
  const [row] = await context.sql`SELECT name, name_key, email, email_verified, enabled, role
    FROM users WHERE id = ${id}`;
  return row
    ? {
        name: row.name as string,
        nameKey: row.name_key as string,
        email: row.email as string | null,
        emailVerified: Boolean(row.email_verified),
        enabled: Boolean(row.enabled),
        role: row.role as string,
      }
    : null;
}

async function openSessions(userId: string): Promise<number> {
  const [{ count }] = await context.sql`SELECT count(*) AS count FROM auth_sessions
    WHERE user_id = ${userId} AND revoked_at IS NULL`;
  return Number(count);
}

const patch = (id: string, body: unknown, token?: string | null) =>
  context.call<UserDetail>("PATCH", `/api/users/${id}`, { body, token });

startBeforeAll(startUsersServer, async (started) => {
  context = started;
  memberToken = (await context.signedInUser("Member")).token;
});

describe("PATCH /api/users/:id", () => {
  test("without a token answers 401, with a USER's token 403, for an unknown id 404", async () => {
    const id = await context.insertUser({ name: "Target" });
    expect((await patch(id, { name: "Other" }, null)).status).toBe(401);
    const forbidden = await patch(id, { name: "Other" }, memberToken);
    expect(outcome(forbidden)).toEqual({ status: 403, body: notAuthorized });
    const missing = await patch("no-such-user", { name: "Other" });
    expect(outcome(missing)).toEqual({ status: 404, body: notFound });
    expect((await account(id))?.name).toBe("Target");
  });

  test("refuses each invalid field with the spec text and the field", async () => {
    const id = await context.insertUser({ name: "Valid" });
    const cases: Array<[unknown, { error: string; field?: string }]> = [
      [{ name: "ab" }, { error: "Must be greater than 2 characters", field: "name" }],
      [{ name: "  ab  " }, { error: "Must be greater than 2 characters", field: "name" }],
      [{ name: "x".repeat(33) }, { error: "Must be less than 33 characters", field: "name" }],
      [{ name: "" }, { error: "name is required", field: "name" }],
      [{ name: "me@home" }, { error: "Name cannot contain @", field: "name" }],
      [{ email: "not-an-email" }, { error: "Email format is not valid", field: "email" }],
      [{ email: "" }, { error: "email is required", field: "email" }],
      [{ emailVerified: "yes" }, { error: "emailVerified is invalid", field: "emailVerified" }],
      [{ enabled: 1 }, { error: "enabled is invalid", field: "enabled" }],
      [{ role: "OWNER" }, { error: "Role must be ADMIN or USER", field: "role" }],
      [{ password: "secret" }, { error: "Unknown field password", field: "password" }],
      [[], { error: "Please fill in form correctly." }],
    ];
    await expectBadRequests(cases, (body) => patch(id, body));
    const invalidJson = await context.call("PATCH", `/api/users/${id}`, { raw: "{name:" });
    expect(outcome(invalidJson)).toEqual({ status: 400, body: { error: "Request body is not valid JSON" } });
    expect(await account(id)).toMatchObject({ name: "Valid", role: "USER", enabled: true });
    expect(await auditOf(id)).toEqual([]);
  });

  test("renames a user and answers the whole user, audited", async () => {
    const id = await context.insertUser({ name: "OldName", emailVerified: true });
    const answer = await patch(id, { name: "  NewName  " });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, name: "NewName", emailVerified: true, level: 0 });
    expect(answer.body.transactions).toEqual([]);
    expect(await account(id)).toMatchObject({ name: "NewName", nameKey: "newname" });
    expect(await auditOf(id)).toEqual([
      {
        action: "user.update",
        actor: context.adminId,
        details: { name: { from: "OldName", to: "NewName" } },
      },
    ]);
  });

  /** The 409 for a name or email another user already has. */
  const taken = (field: "name" | "email") => ({
    status: 409,
    body: { error: `A user with this ${field} already exists`, field },
  });

  test("refuses a name another user has, whatever its case", async () => {
    await context.insertUser({ name: "TakenName" });
    const id = await context.insertUser({ name: "Renamer" });
    const answer = await patch(id, { name: "takenNAME" });
    expect(outcome(answer)).toEqual(taken("name"));
    expect((await account(id))?.name).toBe("Renamer");
  });

  test("lets a user's own name change case", async () => {
    const id = await context.insertUser({ name: "casey" });
    const answer = await patch(id, { name: "Casey" });
    expect(answer.status).toBe(200);
    expect(await account(id)).toMatchObject({ name: "Casey", nameKey: "casey" });
  });

  test("refuses an email another user has", async () => {
    await context.insertUser({ name: "Holder", email: "held@example.com" });
    const id = await context.insertUser({ name: "Mover", email: "mover@example.com" });
    const answer = await patch(id, { email: "HELD@example.com" });
    expect(outcome(answer)).toEqual(taken("email"));
    expect((await account(id))?.email).toBe("mover@example.com");
  });

  test("a changed email is stored lower-cased and becomes unverified", async () => {
    const id = await context.insertUser({
      name: "Verified",
      email: "v@example.com",
      emailVerified: true,
    });
    const same = await patch(id, { email: "V@Example.com" });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ email: "v@example.com", emailVerified: true });
    const changed = await patch(id, { email: " New.Address@Example.com " });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: "new.address@example.com", emailVerified: false });
    expect(await account(id)).toMatchObject({ email: "new.address@example.com", emailVerified: false });
  });

  test("an email sent with emailVerified keeps what the admin says; null removes it", async () => {
    const id = await context.insertUser({ name: "Explicit", email: "e@example.com" });
    const verified = await patch(id, { email: "e2@example.com", emailVerified: true });
    expect(verified.body).toMatchObject({ email: "e2@example.com", emailVerified: true });
    const removed = await patch(id, { email: null });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ email: null, emailVerified: false });
  });

  test("changes role and verification of another user", async () => {
    const id = await context.insertUser({ name: "Promoted" });
    const answer = await patch(id, { role: "ADMIN", emailVerified: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ role: "ADMIN", emailVerified: true });
    const back = await patch(id, { role: "USER" });
    expect(back.body.role).toBe("USER");
    expect((await auditOf(id)).map((entry) => entry.details)).toEqual([
      { role: { from: "USER", to: "ADMIN" }, emailVerified: { from: false, to: true } },
      { role: { from: "ADMIN", to: "USER" } },
    ]);
  });

  test("nobody changes their own status or role, but their name is fine", async () => {
    for (const body of [{ enabled: false }, { role: "USER" }, { name: "Boss", role: "USER" }]) {
      const answer = await patch(context.adminId, body);
      expect(outcome(answer)).toEqual({ status: 403, body: ownAccount });
    }
    expect(await account(context.adminId)).toMatchObject({ name: "admin", role: "ADMIN", enabled: true });
    const unchanged = await patch(context.adminId, { enabled: true, role: "ADMIN" });
    expect(unchanged.status).toBe(200);
    const renamed = await patch(context.adminId, { name: "Chief" });
    expect(renamed.body.name).toBe("Chief");
    expect((await patch(context.adminId, { name: "admin" })).status).toBe(200);
  });

  test("disabling a user ends their sessions", async () => {
    const { id, token } = await context.signedInUser("Sessioned");
    expect(await openSessions(id)).toBe(1);
    const answer = await patch(id, { enabled: false });
    expect(answer.status).toBe(200);
    expect(answer.body.enabled).toBe(false);
    expect(await openSessions(id)).toBe(0);
    const refused = await context.call("GET", "/api/users", { token });
    expect(outcome(refused)).toEqual({
      status: 401,
      body: { error: "This session has ended, sign in again" },
    });
  });

  test("an empty change answers the user and writes nothing", async () => {
    const id = await context.insertUser({ name: "Untouched" });
    const answer = await patch(id, {});
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe("Untouched");
    expect(await auditOf(id)).toEqual([]);
  });
});

describe("POST /api/users/:id/ban and /enable", () => {
  test("without a token answers 401, with a USER's token 403, for an unknown id 404", async () => {
    const id = await context.insertUser({ name: "Guarded" });
    for (const action of ["ban", "enable"]) {
      expect((await context.call("POST", `/api/users/${id}/${action}`, { token: null })).status).toBe(401);
      const forbidden = await context.call("POST", `/api/users/${id}/${action}`, { token: memberToken });
      expect(outcome(forbidden)).toEqual({ status: 403, body: notAuthorized });
      const missing = await context.call("POST", `/api/users/no-such-user/${action}`);
      expect(outcome(missing)).toEqual({ status: 404, body: notFound });
    }
    expect((await account(id))?.enabled).toBe(true);
  });

  test("bans a user (ending their sessions) and enables them again, audited", async () => {
    const { id } = await context.signedInUser("Banned");
    const banned = await context.call<UserDetail>("POST", `/api/users/${id}/ban`);
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ id, name: "Banned", enabled: false });
    expect(await openSessions(id)).toBe(0);
    const login = await context.call("POST", "/api/auth/login", {
      body: { login: "Banned", password: "Banned-password" },
      token: null,
    });
    expect(outcome(login)).toEqual({ status: 403, body: { error: "account disabled, contact us" } });
    const again = await context.call<UserDetail>("POST", `/api/users/${id}/ban`);
    expect(again.status).toBe(200);
    const enabled = await context.call<UserDetail>("POST", `/api/users/${id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.enabled).toBe(true);
    expect(await auditOf(id)).toEqual([
      { action: "user.ban", actor: context.adminId, details: { enabled: { from: true, to: false } } },
      { action: "user.enable", actor: context.adminId, details: { enabled: { from: false, to: true } } },
    ]);
  });

  test("an admin cannot ban or enable themselves", async () => {
    for (const action of ["ban", "enable"]) {
      const answer = await context.call("POST", `/api/users/${context.adminId}/${action}`);
      expect(outcome(answer)).toEqual({ status: 403, body: ownAccount });
    }
  });

  test("another admin can be banned while an admin remains", async () => {
    const id = await context.insertUser({ name: "OtherAdmin", role: "ADMIN" });
    const answer = await context.call<UserDetail>("POST", `/api/users/${id}/ban`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ role: "ADMIN", enabled: false });
  });
});

describe("DELETE /api/users/:id", () => {
  test("without a token answers 401, with a USER's token 403, for an unknown id 404", async () => {
    const id = await context.insertUser({ name: "Kept" });
    expect((await context.call("DELETE", `/api/users/${id}`, { token: null })).status).toBe(401);
    const forbidden = await context.call("DELETE", `/api/users/${id}`, { token: memberToken });
    expect(outcome(forbidden)).toEqual({ status: 403, body: notAuthorized });
    const missing = await context.call("DELETE", "/api/users/no-such-user");
    expect(outcome(missing)).toEqual({ status: 404, body: notFound });
    expect(await account(id)).not.toBeNull();
  });

  test("deletes a user with their coins and sessions, answering 204, audited", async () => {
    const { id } = await context.signedInUser("Leaving");
    await context.sql`INSERT INTO coin_transactions (id, user_id, amount, description, created_at)
      VALUES (${"leaving-tx"}, ${id}, ${5}, ${"Reward"}, ${new Date().toISOString()})`;
    const answer = await context.call("DELETE", `/api/users/${id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
    expect(await account(id)).toBeNull();
    expect((await context.sql`SELECT id FROM coin_transactions WHERE user_id = ${id}`).length).toBe(0);
    expect((await context.sql`SELECT id FROM auth_sessions WHERE user_id = ${id}`).length).toBe(0);
    expect((await context.call("GET", `/api/users/${id}`)).status).toBe(404);
    expect(await auditOf(id)).toEqual([
      {
        action: "user.delete",
        actor: context.adminId,
        details: { name: "Leaving", email: "leaving@example.com", role: "USER" },
      },
    ]);
  });

  test("an admin cannot delete themselves", async () => {
    const answer = await context.call("DELETE", `/api/users/${context.adminId}`);
    expect(outcome(answer)).toEqual({ status: 403, body: { error: "You cannot delete your own account" } });
    expect(await account(context.adminId)).not.toBeNull();
  });
});

describe("POST /api/users/bulk", () => {
  const bulk = (body: unknown, token?: string | null) =>
    context.call<BulkUserResult>("POST", "/api/users/bulk", { body, token });

  test("without a token answers 401, with a USER's token 403", async () => {
    const id = await context.insertUser({ name: "BulkGuarded" });
    expect((await bulk({ ids: [id], action: "ban" }, null)).status).toBe(401);
    const forbidden = await bulk({ ids: [id], action: "ban" }, memberToken);
    expect(outcome(forbidden)).toEqual({ status: 403, body: notAuthorized });
    expect((await account(id))?.enabled).toBe(true);
  });

  test("refuses invalid bodies naming the field", async () => {
    const cases: Array<[unknown, { error: string; field?: string }]> = [
      [
        { ids: [], action: "ban" },
        { error: "ids is required", field: "ids" },
      ],
      [{ action: "ban" }, { error: "ids is required", field: "ids" }],
      [
        { ids: "abc", action: "ban" },
        { error: "ids is required", field: "ids" },
      ],
      [
        { ids: [1, 2], action: "ban" },
        { error: "ids must be a list of user ids", field: "ids" },
      ],
      [
        { ids: Array.from({ length: 101 }, (_, index) => `id-${index}`), action: "ban" },
        { error: "At most 100 users at a time", field: "ids" },
      ],
      [{ ids: ["x"] }, { error: "action is required", field: "action" }],
      [
        { ids: ["x"], action: "delete" },
        { error: "Action must be ban or enable", field: "action" },
      ],
    ];
    await expectBadRequests(cases, bulk);
  });

  test("bans many users under the single-user rules, skipping the refused ones", async () => {
    const first = await context.signedInUser("BulkOne");
    const second = await context.insertUser({ name: "BulkTwo" });
    const already = await context.insertUser({ name: "BulkThree", enabled: false });
    const answer = await bulk({
      ids: [first.id, second, context.adminId, "no-such-user", first.id, already],
      action: "ban",
    });
    expect(outcome(answer)).toEqual({
      status: 200,
      body: {
        updated: 3,
        skipped: [
          { id: context.adminId, error: ownAccount.error },
          { id: "no-such-user", error: notFound.error },
        ],
      },
    });
    for (const id of [first.id, second, already]) expect((await account(id))?.enabled).toBe(false);
    expect(await openSessions(first.id)).toBe(0);
    expect((await auditOf(first.id)).map((entry) => entry.action)).toEqual(["user.ban"]);
    expect(await auditOf(already)).toEqual([]);

    const enabled = await bulk({ ids: [first.id, second], action: "enable" });
    expect(enabled.body).toEqual({ updated: 2, skipped: [] });
    expect((await account(second))?.enabled).toBe(true);
    expect((await auditOf(second)).map((entry) => entry.action)).toEqual(["user.ban", "user.enable"]);
  });

  test("100 users at once is within the limit", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 100; index++) ids.push(await context.insertUser({ name: `Many${index}` }));
    const answer = await bulk({ ids, action: "ban" });
    expect(answer.body).toEqual({ updated: 100, skipped: [] });
    const [{ count }] = await context.sql`SELECT count(*) AS count FROM users
      WHERE name_key LIKE 'many%' AND enabled = FALSE`;
    expect(Number(count)).toBe(100);
  });
});
