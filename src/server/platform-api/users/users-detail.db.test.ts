import { describe, expect, test } from "bun:test";
import type { UserDetail } from "../../../shared/users-api.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { notAuthorized, outcome, startUsersServer, type UsersTestContext } from "./users-test-support.ts";

let context: UsersTestContext;
let userId: string;

const now = new Date().toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function insertRoot(id: string, name: string, row: number, column: number): Promise<void> {
  await context.sql`INSERT INTO root_skills (id, name, icon, grid_row, grid_column, created_at, updated_at)
    VALUES (${id}, ${name}, ${`${id}.svg`}, ${row}, ${column}, ${now}, ${now})`;
}

async function insertSub(id: string, rootId: string, row: number, column: number): Promise<void> {
  await context.sql`INSERT INTO sub_skills (id, root_id, name, icon, grid_row, grid_column, created_at, updated_at)
    VALUES (${id}, ${rootId}, ${id.toUpperCase()}, ${`${id}.svg`}, ${row}, ${column}, ${now}, ${now})`;
}

async function insertBan(fields: {
  action: string;
  endsAt?: string | null;
  liftedAt?: string | null;
  reason?: string;
  createdAt?: string;
}): Promise<string> {
  const id = Bun.randomUUIDv7();
  const createdAt = fields.createdAt ?? daysFromNow(-1);
  await context.sql`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, lifted_at, created_at)
    VALUES (${id}, ${userId}, ${context.adminId}, ${fields.action}, ${fields.reason ?? ""}, ${createdAt},
      ${fields.endsAt ?? null}, ${fields.liftedAt ?? null}, ${createdAt})`;
  return id;
}

startBeforeAll(startUsersServer, async (started) => {
  context = started;
  userId = await context.insertUser({
    name: "Learner",
    email: "learner@example.com",
    emailVerified: true,
    newsletter: true,
    balance: 1_234,
    xp: 500,
    createdAt: "2025-03-01T08:00:00.000Z",
    lastLoginAt: "2025-03-05T09:30:00.000Z",
  });
  await context.sql`UPDATE users SET display_name = 'Lea Learner', first_name = 'Lea', last_name = 'Learner',
      city = 'Berlin', country = 'DE', description = 'Loves puzzles', tags = '["sql","go"]',
      mfa_enabled = TRUE, mfa_secret = 'SECRETSECRET', mfa_recovery_hash = 'recovery-hash'
    WHERE id = ${userId}`;
});

describe("GET /api/users/:id access", () => {
  test("without a token answers 401", async () => {
    const answer = await context.call("GET", `/api/users/${userId}`, { token: null });
    expect(outcome(answer)).toEqual({
      status: 401,
      body: { error: "Sign in first: the request has no bearer token" },
    });
  });

  test("a USER's token answers 403", async () => {
    const { token } = await context.signedInUser("Peer");
    const answer = await context.call("GET", `/api/users/${userId}`, { token });
    expect(outcome(answer)).toEqual({ status: 403, body: notAuthorized });
  });

  test("an unknown id answers 404 User was not found", async () => {
    const answer = await context.call("GET", "/api/users/no-such-user");
    expect(outcome(answer)).toEqual({ status: 404, body: { error: "User was not found" } });
  });
});

describe("GET /api/users/:id", () => {
  test("answers every field but the password hash and MFA secrets", async () => {
    const answer = await context.call<UserDetail>("GET", `/api/users/${userId}`);
    expect(answer.status).toBe(200);
    const user = answer.body;
    expect(Object.keys(user).sort()).toEqual(
      [
        "id",
        "name",
        "email",
        "role",
        "enabled",
        "emailVerified",
        "mfaEnabled",
        "newsletter",
        "balance",
        "xp",
        "level",
        "levelName",
        "createdAt",
        "lastLoginAt",
        "displayName",
        "firstName",
        "lastName",
        "city",
        "country",
        "description",
        "tags",
        "skills",
        "transactions",
        "bans",
      ].sort(),
    );
    expect(user).toMatchObject({
      id: userId,
      name: "Learner",
      email: "learner@example.com",
      role: "USER",
      enabled: true,
      emailVerified: true,
      mfaEnabled: true,
      newsletter: true,
      balance: 1_234,
      xp: 500,
      level: 5,
      levelName: "Novice",
      createdAt: "2025-03-01T08:00:00.000Z",
      lastLoginAt: "2025-03-05T09:30:00.000Z",
      displayName: "Lea Learner",
      firstName: "Lea",
      lastName: "Learner",
      city: "Berlin",
      country: "DE",
      description: "Loves puzzles",
      tags: ["sql", "go"],
    });
    const text = JSON.stringify(user);
    expect(text).not.toContain("SECRETSECRET");
    expect(text).not.toContain("recovery-hash");
    expect(text).not.toContain("not-a-hash");
  });

  test("a user without XP, coins or bans has empty sections", async () => {
    const id = await context.insertUser({ name: "Fresh" });
    const answer = await context.call<UserDetail>("GET", `/api/users/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.skills).toEqual({ xp: 0, level: 0, levelName: "Newbie", rootSkills: [] });
    expect(answer.body.transactions).toEqual([]);
    expect(answer.body.bans).toEqual({ createTask: null, reportTask: null });
    expect(answer.body.tags).toEqual([]);
  });

  test("groups XP per sub-skill by root skill, with levels per sub-skill, root and total", async () => {
    // Grid order decides: "web" sits before "data" although it was created later.
    await insertRoot("data", "Data", 1, 0);
    await insertRoot("web", "Web", 0, 0);
    await insertSub("sql", "data", 0, 1);
    await insertSub("pandas", "data", 0, 0);
    await insertSub("css", "web", 0, 0);
    await insertSub("unused", "web", 0, 1);
    for (const [skill, xp] of [
      ["sql", 80],
      ["pandas", 100],
      ["css", 19],
    ] as const) {
      await context.sql`INSERT INTO user_skill_xp (user_id, sub_skill_id, xp) VALUES (${userId}, ${skill}, ${xp})`;
    }
    const answer = await context.call<UserDetail>("GET", `/api/users/${userId}`);
    expect(answer.body.skills).toEqual({
      xp: 199,
      level: 3,
      levelName: "Novice",
      rootSkills: [
        {
          id: "web",
          name: "Web",
          icon: "web.svg",
          xp: 19,
          level: 0,
          levelName: "Newbie",
          subSkills: [{ id: "css", name: "CSS", icon: "css.svg", xp: 19, level: 0, levelName: "Newbie" }],
        },
        {
          id: "data",
          name: "Data",
          icon: "data.svg",
          xp: 180,
          level: 3,
          levelName: "Novice",
          subSkills: [
            { id: "pandas", name: "PANDAS", icon: "pandas.svg", xp: 100, level: 2, levelName: "Novice" },
            { id: "sql", name: "SQL", icon: "sql.svg", xp: 80, level: 2, levelName: "Novice" },
          ],
        },
      ],
    });
  });

  test("shows the last 50 coin transactions, newest first", async () => {
    for (let index = 1; index <= 55; index++) {
      const createdAt = new Date(Date.UTC(2025, 5, 1, 0, index)).toISOString();
      await context.sql`INSERT INTO coin_transactions (id, user_id, amount, description, created_at)
        VALUES (${`tx-${index}`}, ${userId}, ${index * 10}, ${`Reward ${index}`}, ${createdAt})`;
    }
    const answer = await context.call<UserDetail>("GET", `/api/users/${userId}`);
    const transactions = answer.body.transactions;
    expect(transactions).toHaveLength(50);
    expect(transactions[0]).toEqual({
      id: "tx-55",
      amount: 550,
      description: "Reward 55",
      createdAt: "2025-06-01T00:55:00.000Z",
    });
    expect(transactions.at(-1)?.id).toBe("tx-6");
  });

  test("shows only the bans in force: not lifted, not ended", async () => {
    await insertBan({ action: "REPORT", liftedAt: daysFromNow(-0.5), reason: "lifted" });
    await insertBan({ action: "REPORT", endsAt: daysFromNow(-0.1), reason: "ended" });
    const permanent = await insertBan({ action: "CREATE", reason: "Spam tasks" });
    let answer = await context.call<UserDetail>("GET", `/api/users/${userId}`);
    expect(answer.body.bans.reportTask).toBeNull();
    expect(answer.body.bans.createTask).toMatchObject({
      id: permanent,
      action: "CREATE",
      reason: "Spam tasks",
      endsAt: null,
      admin: { id: context.adminId, name: "admin" },
    });

    const running = await insertBan({ action: "REPORT", endsAt: daysFromNow(3), reason: "Abusive reports" });
    answer = await context.call<UserDetail>("GET", `/api/users/${userId}`);
    expect(answer.body.bans.reportTask).toMatchObject({
      id: running,
      action: "REPORT",
      reason: "Abusive reports",
    });
    expect(answer.body.bans.reportTask?.endsAt).toBe(
      (await context.sql`SELECT ends_at FROM bans WHERE id = ${running}`)[0].ends_at,
    );
  });

  test("of two bans in force for one action, shows the one that lasts longest", async () => {
    const id = await context.insertUser({ name: "Twice" });
    const previous = userId;
    userId = id;
    try {
      await insertBan({ action: "CREATE", endsAt: daysFromNow(30), createdAt: daysFromNow(-2) });
      const longer = await insertBan({
        action: "CREATE",
        endsAt: daysFromNow(60),
        createdAt: daysFromNow(-3),
      });
      await insertBan({ action: "CREATE", endsAt: daysFromNow(7), createdAt: daysFromNow(-1) });
      const answer = await context.call<UserDetail>("GET", `/api/users/${id}`);
      expect(answer.body.bans.createTask?.id).toBe(longer);
    } finally {
      userId = previous;
    }
  });
});
