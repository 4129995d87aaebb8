import { describe, expect, test } from "bun:test";
import type { CoinsResult, UserBan, UserDetail } from "../../../shared/users-api.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { expectBadRequests } from "../../test-support/bad-request-cases.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { notAuthorized, outcome, startUsersServer, type UsersTestContext } from "./users-test-support.ts";

let context: UsersTestContext;
let memberToken: string;

const notFound = { error: "User was not found" };

const detail = async (id: string) => (await context.call<UserDetail>("GET", `/api/users/${id}`)).body;

startBeforeAll(startUsersServer, async (started) => {
  context = started;
  memberToken = (await context.signedInUser("Member")).token;
});

describe.each([
  ["create-task", "CREATE", "createTask", "No active create-task ban"],
  ["report-task", "REPORT", "reportTask", "No active report-task ban"],
] as const)("the %s ban", (kind, action, field, noActiveBan) => {
  const path = (id: string) => `/api/users/${id}/bans/${kind}`;

  test("without a token answers 401, with a USER's token 403, for an unknown user 404", async () => {
    const id = await context.insertUser({ name: `Guarded-${kind}` });
    for (const method of ["PUT", "DELETE"]) {
      expect((await context.call(method, path(id), { token: null })).status).toBe(401);
      const forbidden = await context.call(method, path(id), { body: {}, token: memberToken });
      expect(outcome(forbidden)).toEqual({ status: 403, body: notAuthorized });
      const missing = await context.call(method, path("no-such-user"), { body: {} });
      expect(outcome(missing)).toEqual({ status: 404, body: notFound });
    }
    expect((await detail(id)).bans[field]).toBeNull();
  });

  test("an admin cannot ban their own account this way: 403, nothing stored", async () => {
    const own = await context.call("PUT", path(context.adminId), { body: {} });
    expect(outcome(own)).toEqual({ status: 403, body: { error: "You cannot ban your own account" } });
    expect((await detail(context.adminId)).bans[field]).toBeNull();
  });

  test("refuses invalid days and reasons naming the field", async () => {
    const id = await context.insertUser({ name: `Invalid-${kind}` });
    const cases: Array<[unknown, { error: string; field: string }]> = [
      [{ days: 0 }, { error: "Must be at least 1", field: "days" }],
      [{ days: 3651 }, { error: "Must be at most 3650", field: "days" }],
      [{ days: 1.5 }, { error: "Must be a whole number", field: "days" }],
      [{ days: "7" }, { error: "Must be a whole number", field: "days" }],
      [{ reason: "x".repeat(501) }, { error: "Must be less than 501 characters", field: "reason" }],
      [{ reason: 5 }, { error: "Must be a text", field: "reason" }],
      [{ until: "never" }, { error: "Unknown field until", field: "until" }],
    ];
    await expectBadRequests(cases, (body) => context.call("PUT", path(id), { body }));
    expect((await detail(id)).bans[field]).toBeNull();
  });

  test("sets a ban for some days, replaces it, lifts it, audited", async () => {
    const id = await context.insertUser({ name: `Banned-${kind}` });
    const before = Date.now();
    const set = await context.call<UserBan>("PUT", path(id), { body: { reason: " Spam ", days: 7 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ action, reason: "Spam", admin: { id: context.adminId, name: "admin" } });
    const length = Date.parse(set.body.endsAt ?? "") - Date.parse(set.body.startsAt);
    expect(length).toBe(7 * 86_400_000);
    expect(Date.parse(set.body.startsAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await detail(id)).bans[field]).toEqual(set.body);

    const replaced = await context.call<UserBan>("PUT", path(id), { body: {} });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ action, reason: "", endsAt: null });
    expect(replaced.body.id).not.toBe(set.body.id);
    expect((await detail(id)).bans[field]?.id).toBe(replaced.body.id);
    const rows =
      await context.sql`SELECT id, lifted_at FROM bans WHERE user_id = ${id} ORDER BY created_at, id`;
    expect(rows).toHaveLength(2);
    expect(rows[0].lifted_at).toBeString();
    expect(rows[1].lifted_at).toBeNull();

    const lifted = await context.call("DELETE", path(id));
    expect(lifted.status).toBe(204);
    expect(lifted.body).toBeNull();
    expect((await detail(id)).bans[field]).toBeNull();
    const again = await context.call("DELETE", path(id));
    expect(outcome(again)).toEqual({ status: 404, body: { error: noActiveBan } });
    expect(await auditActions(context.sql, id)).toEqual([
      "user.task-ban.set",
      "user.task-ban.set",
      "user.task-ban.lift",
    ]);
  });

  test("days: null bans for good; the other kind of ban is left alone", async () => {
    const id = await context.insertUser({ name: `Both-${kind}` });
    const other = kind === "create-task" ? "report-task" : "create-task";
    const otherField = field === "createTask" ? "reportTask" : "createTask";
    expect((await context.call("PUT", `/api/users/${id}/bans/${other}`, { body: { days: 3 } })).status).toBe(
      200,
    );
    const set = await context.call<UserBan>("PUT", path(id), { body: { days: null, reason: "For good" } });
    expect(set.body.endsAt).toBeNull();
    expect((await context.call("DELETE", path(id))).status).toBe(204);
    const user = await detail(id);
    expect(user.bans[field]).toBeNull();
    expect(user.bans[otherField]).toMatchObject({ action: action === "CREATE" ? "REPORT" : "CREATE" });
  });

  test("an ended ban counts as none: lifting answers 404", async () => {
    const id = await context.insertUser({ name: `Ended-${kind}` });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await context.sql`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, created_at)
      VALUES (${Bun.randomUUIDv7()}, ${id}, ${context.adminId}, ${action}, ${""}, ${past}, ${past}, ${past})`;
    const answer = await context.call("DELETE", path(id));
    expect(outcome(answer)).toEqual({ status: 404, body: { error: noActiveBan } });
  });
});

describe("POST /api/users/:id/coins", () => {
  const coins = (id: string, body: unknown, token?: string | null) =>
    context.call<CoinsResult>("POST", `/api/users/${id}/coins`, { body, token });

  test("without a token answers 401, with a USER's token 403, for an unknown user 404", async () => {
    const id = await context.insertUser({ name: "CoinGuarded" });
    const body = { amount: 10, description: "Gift" };
    expect((await coins(id, body, null)).status).toBe(401);
    const forbidden = await coins(id, body, memberToken);
    expect(outcome(forbidden)).toEqual({ status: 403, body: notAuthorized });
    const missing = await coins("no-such-user", body);
    expect(outcome(missing)).toEqual({ status: 404, body: notFound });
    expect((await detail(id)).balance).toBe(0);
  });

  test("refuses invalid amounts and descriptions naming the field", async () => {
    const id = await context.insertUser({ name: "CoinInvalid", balance: 10 });
    const cases: Array<[unknown, { error: string; field?: string }]> = [
      [
        { amount: 0, description: "Nothing" },
        { error: "Must not be zero", field: "amount" },
      ],
      [
        { amount: 1.5, description: "Half" },
        { error: "Must be a whole number", field: "amount" },
      ],
      [
        { amount: "5", description: "Text" },
        { error: "Must be a whole number", field: "amount" },
      ],
      [
        { amount: 1_000_000_001, description: "Too much" },
        { error: "Must be between -1000000000 and 1000000000", field: "amount" },
      ],
      [{ description: "Missing" }, { error: "amount is required", field: "amount" }],
      [{ amount: 5 }, { error: "description is required", field: "description" }],
      [
        { amount: 5, description: "   " },
        { error: "description is required", field: "description" },
      ],
      [
        { amount: 5, description: "x".repeat(201) },
        { error: "Must be less than 201 characters", field: "description" },
      ],
    ];
    await expectBadRequests(cases, (body) => coins(id, body));
    expect((await detail(id)).balance).toBe(10);
  });

  test("credits and debits with a ledger row each, audited", async () => {
    const id = await context.insertUser({ name: "Saver", balance: 100 });
    const credit = await coins(id, { amount: 50, description: " Contest prize " });
    expect(credit.status).toBe(200);
    expect(credit.body.balance).toBe(150);
    expect(credit.body.transaction).toMatchObject({ amount: 50, description: "Contest prize" });
    const debit = await coins(id, { amount: -150, description: "Refund" });
    expect(debit.status).toBe(200);
    expect(debit.body.balance).toBe(0);
    const user = await detail(id);
    expect(user.balance).toBe(0);
    expect(user.transactions).toEqual([debit.body.transaction, credit.body.transaction]);
    expect(await auditActions(context.sql, id)).toEqual(["user.coins", "user.coins"]);
  });

  test("a debit below zero answers Not enough coins and writes nothing", async () => {
    const id = await context.insertUser({ name: "Spender", balance: 30 });
    const answer = await coins(id, { amount: -31, description: "Too much" });
    expect(outcome(answer)).toEqual({ status: 409, body: { error: "Not enough coins" } });
    const user = await detail(id);
    expect(user.balance).toBe(30);
    expect(user.transactions).toEqual([]);
    expect(await auditActions(context.sql, id)).toEqual([]);
  });

  test("debits at once never take the balance below zero", async () => {
    const id = await context.insertUser({ name: "Racer", balance: 100 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => coins(id, { amount: -30, description: "Parallel" })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
    const user = await detail(id);
    expect(user.balance).toBe(10);
    expect(user.transactions).toHaveLength(3);
  });

  test("a credit past the largest balance is refused", async () => {
    const id = await context.insertUser({ name: "Rich", balance: 2_000_000_000 });
    const answer = await coins(id, { amount: 1_000_000_000, description: "More" });
    expect(outcome(answer)).toEqual({ status: 409, body: { error: "The balance would be too large" } });
    expect((await detail(id)).balance).toBe(2_000_000_000);
  });
});
