import { describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { changeAccount, deleteAccount, type Refusal } from "../../domain/users/users-repository.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { outcome, startUsersServer } from "./users-test-support.ts";

const lastAdmin: Refusal = { refused: true, status: 409, error: "The last admin cannot be removed" };

async function activeAdmins(): Promise<string[]> {
  const rows =
    await context.sql`SELECT name FROM users WHERE role = 'ADMIN' AND enabled = TRUE ORDER BY name`;
  return rows.map((row: { name: string }) => row.name);
}

const context = startedBeforeAll(startUsersServer);

describe("the last admin", () => {
  // Over HTTP the acting admin is itself an enabled admin other than the target, so the rule only
  // decides when requests race; here an admin disabled after the guard let its request in is the actor.
  test("cannot be demoted, disabled or deleted by an admin disabled meanwhile", async () => {
    const last = await context.insertUser({ name: "LastAdmin", role: "ADMIN" });
    const stale = await context.insertUser({ name: "StaleAdmin", role: "ADMIN", enabled: false });
    await context.sql`UPDATE users SET enabled = FALSE WHERE id = ${context.adminId}`;
    try {
      expect(await activeAdmins()).toEqual(["LastAdmin"]);
      for (const change of [{ enabled: false }, { role: "USER" }, { role: "USER", enabled: true }]) {
        const result = await context.sql.begin((tx: SQL) =>
          changeAccount(tx, stale, last, change, { auditAction: "user.update" }),
        );
        expect(result).toEqual(lastAdmin);
      }
      expect(await deleteAccount(context.sql, stale, last)).toEqual(lastAdmin);
      expect(await activeAdmins()).toEqual(["LastAdmin"]);
      const [{ count }] =
        await context.sql`SELECT count(*) AS count FROM audit_log WHERE entity_id = ${last}`;
      expect(Number(count)).toBe(0);
    } finally {
      await context.sql`UPDATE users SET enabled = TRUE WHERE id = ${context.adminId}`;
    }
  });

  test("an admin disabled meanwhile cannot change anyone else either", async () => {
    const stale = await context.insertUser({ name: "FormerAdmin", role: "ADMIN", enabled: false });
    const user = await context.insertUser({ name: "Bystander" });
    const refusal: Refusal = {
      refused: true,
      status: 403,
      error: "You are not authorized to use this dashboard.",
    };
    const result = await context.sql.begin((tx: SQL) =>
      changeAccount(tx, stale, user, { enabled: false }, { auditAction: "user.ban" }),
    );
    expect(result).toEqual(refusal);
    expect(await deleteAccount(context.sql, stale, user)).toEqual(refusal);
    const [row] = await context.sql`SELECT enabled FROM users WHERE id = ${user}`;
    expect(Boolean(row.enabled)).toBe(true);
  });

  test("two admins banning each other at once leave one enabled admin", async () => {
    const first = await context.signedInUser("RacerOne", "ADMIN");
    const second = await context.signedInUser("RacerTwo", "ADMIN");
    await context.sql`UPDATE users SET role = 'USER' WHERE role = 'ADMIN' AND id NOT IN (${first.id}, ${second.id})`;
    expect(await activeAdmins()).toEqual(["RacerOne", "RacerTwo"]);
    const answers = await Promise.all([
      context.call("POST", `/api/users/${second.id}/ban`, { token: first.token }),
      context.call("POST", `/api/users/${first.id}/ban`, { token: second.token }),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The loser is refused by the rule when both got past the guard, otherwise by the guard (its session
    // was ended or its account disabled by the winner): which one depends on timing.
    const loser = answers.find((answer) => answer.status !== 200);
    const refusals: unknown[] = [
      { status: 409, body: { error: "The last admin cannot be removed" } },
      { status: 401, body: { error: "This session has ended, sign in again" } },
      { status: 403, body: { error: "account disabled, contact us" } },
    ];
    expect(refusals).toContainEqual(loser && outcome(loser));
    expect(await activeAdmins()).toHaveLength(1);
  });

  test("two admins deleting each other at once leave one admin", async () => {
    await context.sql`UPDATE users SET role = 'USER' WHERE role = 'ADMIN'`;
    const first = await context.signedInUser("DuelOne", "ADMIN");
    const second = await context.signedInUser("DuelTwo", "ADMIN");
    const answers = await Promise.all([
      context.call("DELETE", `/api/users/${second.id}`, { token: first.token }),
      context.call("DELETE", `/api/users/${first.id}`, { token: second.token }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(204);
    expect([401, 409]).toContain(statuses[1] as number);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
