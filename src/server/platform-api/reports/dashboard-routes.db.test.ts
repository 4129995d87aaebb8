import { beforeAll, describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { AuditLogItem, DashboardSummary } from "../../../shared/reports-api.ts";
import type { StoredUser } from "../../auth/users-repository.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { apiClient, insertChallenge, insertTask } from "../../test-support/report-fixtures.ts";
import { createSignInAccount } from "../../test-support/sign-in-accounts.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

type Page = ListPage<AuditLogItem>;

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let adminToken: string;
let adminId: string;
let member: { user: StoredUser; token: string };
let resolvedReportId: string;

const notAuthorized = { error: "You are not authorized to use this dashboard." };
const minute = 60 * 1000;

startBeforeAll(startTestServer, async (started) => {
  server = started;
  client = apiClient(server);
  const sql = server.db.sql;
  const now = new Date().toISOString();
  adminToken = await client.logIn("admin@example.com", "admin");
  const [admin] = await sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
  adminId = admin.id;

  // Users: the seeded admin, a second admin, three members (one disabled, one who joined 10 days ago).
  member = await client.member("Member");
  await createSignInAccount(sql, { name: "Admin2", password: "pw-admin2", role: "ADMIN" });
  await createSignInAccount(sql, { name: "Banned", email: null, password: "pw-banned", enabled: false });
  const old = await createSignInAccount(sql, { name: "Old", email: null, password: "pw-old" });
  await sql`UPDATE users SET created_at = ${new Date(Date.now() - 10 * 24 * 60 * minute).toISOString()}
    WHERE id = ${old.id}`;

  for (const name of ["Acme", "Globex"]) {
    await sql`INSERT INTO companies (id, name, name_key, created_at, updated_at)
      VALUES (${crypto.randomUUID()}, ${name}, ${name.toLowerCase()}, ${now}, ${now})`;
  }
  const [company] = await sql`SELECT id FROM companies WHERE name_key = ${"acme"}`;
  await sql`INSERT INTO jobs (id, company_id, title, job_type, professional_level, salary_min, salary_max,
      salary_unit, salary_per, created_at, updated_at)
    VALUES (${crypto.randomUUID()}, ${company.id}, ${"Developer"}, ${"FULL_TIME"}, ${"JUNIOR"}, ${1}, ${2},
      ${"EUROS"}, ${"MONTH"}, ${now}, ${now})`;
  for (const title of ["Maths", "Languages"]) {
    await sql`INSERT INTO challenge_categories (id, title, created_at, updated_at)
      VALUES (${crypto.randomUUID()}, ${title}, ${now}, ${now})`;
  }
  for (const [index, id] of ["web", "data", "ops"].entries()) {
    await sql`INSERT INTO root_skills (id, name, grid_row, grid_column, created_at, updated_at)
      VALUES (${id}, ${id.toUpperCase()}, ${0}, ${index}, ${now}, ${now})`;
  }
  const challengeId = await insertChallenge(sql);
  const tasks = [];
  for (let index = 0; index < 4; index++) tasks.push(await insertTask(sql, { challengeId }));

  // Open reports: WRONG twice, ABUSE once; one more report resolved (and audited) through the API.
  const reasons = ["WRONG", "WRONG", "ABUSE", "OTHER"];
  const ids: string[] = [];
  for (const [index, reason] of reasons.entries()) {
    const response = await client.call("POST", `/api/tasks/${tasks[index]}/reports`, member.token, {
      reason,
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  resolvedReportId = ids[3] ?? "";
  expect((await client.call("POST", `/api/reports/${resolvedReportId}/reject`, adminToken)).status).toBe(200);
});

async function summary(): Promise<DashboardSummary> {
  const response = await client.call("GET", "/api/dashboard", adminToken);
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardSummary;
}

/** Audit entries dated after everything else, one minute apart, so their order is known. */
async function insertAudit(count: number, entry: { entity: string; actorId: string | null }, from: number) {
  for (let index = 0; index < count; index++) {
    await server.db.sql`INSERT INTO audit_log (id, actor_id, action, entity, entity_id, details, created_at)
      VALUES (${`audit-${entry.entity}-${index}`}, ${entry.actorId}, ${`${entry.entity}.update`}, ${entry.entity},
        ${`${entry.entity}-${index}`}, ${JSON.stringify({ n: index })},
        ${new Date(from + index * minute).toISOString()})`;
  }
}

describe("GET /api/dashboard", () => {
  test("counts every kind of record", async () => {
    const result = await summary();
    expect(result.counts).toEqual({
      users: 5,
      admins: 2,
      bannedUsers: 1,
      companies: 2,
      jobs: 1,
      challenges: 1,
      tasks: 4,
      openReports: 3,
      categories: 2,
      rootSkills: 3,
    });
    expect(result.newUsersLast7Days).toBe(4);
    expect(result.openReportsByReason).toEqual({
      WRONG: 2,
      ABUSE: 1,
      UNRELATED_SKILL: 0,
      DISLIKE: 0,
      OTHER: 0,
    });
  });

  test("recent activity lists the admin's resolution with its actor", async () => {
    const result = await summary();
    const entry = result.recentActivity.find((item) => item.entityId === resolvedReportId);
    expect(entry).toEqual({
      id: expect.any(String),
      action: "report.reject",
      entity: "report",
      entityId: resolvedReportId,
      actor: { id: adminId, name: "admin" },
      details: { resolution: "REJECT", reason: "", taskId: expect.any(String), ban: null, alsoResolved: [] },
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  test("recent activity is the last 20 entries, newest first; a missing actor shows as null", async () => {
    const later = Date.now() + 60 * minute;
    await insertAudit(22, { entity: "dash", actorId: adminId }, later);
    await server.db.sql`UPDATE audit_log SET actor_id = ${null} WHERE id = ${"audit-dash-21"}`;
    const result = await summary();
    expect(result.recentActivity).toHaveLength(20);
    expect(result.recentActivity.map((item) => item.id)).toEqual(
      Array.from({ length: 20 }, (_, index) => `audit-dash-${21 - index}`),
    );
    expect(result.recentActivity[0]?.actor).toBeNull();
    expect(result.recentActivity[1]?.actor).toEqual({ id: adminId, name: "admin" });
    expect(result.recentActivity[1]?.details).toEqual({ n: 20 });
  });

  test("without a token 401, with a USER's token 403", async () => {
    expect((await client.call("GET", "/api/dashboard", null)).status).toBe(401);
    const response = await client.call("GET", "/api/dashboard", member.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(notAuthorized);
  });
});

describe("GET /api/audit-log", () => {
  beforeAll(async () => {
    const from = Date.now() + 24 * 60 * minute;
    await insertAudit(3, { entity: "company", actorId: adminId }, from);
    await insertAudit(2, { entity: "job", actorId: member.user.id }, from + 10 * minute);
  });

  async function list(query: string): Promise<Page> {
    const response = await client.call("GET", `/api/audit-log${query}`, adminToken);
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  }

  test("every entry, newest first, with actors", async () => {
    const page = await list("");
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(25);
    const [{ n }] = await server.db.sql`SELECT count(*) AS n FROM audit_log`;
    // At least the resolution, the 22 dashboard entries and the 5 here.
    expect(page.total).toBe(Number(n));
    expect(page.total).toBeGreaterThanOrEqual(28);
    expect(page.items).toHaveLength(25);
    expect(page.items.slice(0, 3)).toEqual([
      {
        id: "audit-job-1",
        action: "job.update",
        entity: "job",
        entityId: "job-1",
        actor: { id: member.user.id, name: "Member" },
        details: { n: 1 },
        createdAt: expect.any(String),
      },
      expect.objectContaining({ id: "audit-job-0" }),
      expect.objectContaining({ id: "audit-company-2", actor: { id: adminId, name: "admin" } }),
    ]);
  });

  test("filters by entity and by actor", async () => {
    const companies = await list("?entity=company");
    expect(companies.total).toBe(3);
    expect(companies.items.map((item) => item.id)).toEqual([
      "audit-company-2",
      "audit-company-1",
      "audit-company-0",
    ]);
    const byMember = await list(`?actorId=${member.user.id}`);
    expect(byMember.items.map((item) => item.id)).toEqual(["audit-job-1", "audit-job-0"]);
    expect((await list(`?entity=company&actorId=${member.user.id}`)).total).toBe(0);
    expect((await list("?entity=report")).items.map((item) => item.entityId)).toEqual([resolvedReportId]);
  });

  test("sorts by createdAt ascending and pages", async () => {
    const page = await list("?entity=company&sort=createdAt&pageSize=2&page=1");
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.id)).toEqual(["audit-company-0", "audit-company-1"]);
    const next = await list("?entity=company&sort=createdAt&pageSize=2&page=2");
    expect(next.items.map((item) => item.id)).toEqual(["audit-company-2"]);
  });

  test("q searches the action and the entity id", async () => {
    expect((await list("?q=JOB.UPD")).items.map((item) => item.id)).toEqual(["audit-job-1", "audit-job-0"]);
    expect((await list("?q=company-1")).items.map((item) => item.id)).toEqual(["audit-company-1"]);
  });

  test("a sort other than createdAt answers 400", async () => {
    await expectError(await client.call("GET", "/api/audit-log?sort=action", adminToken), 400, {
      error: "sort must be one of createdAt (prefix - to reverse)",
      field: "sort",
    });
  });

  test("without a token 401, with a USER's token 403", async () => {
    expect((await client.call("GET", "/api/audit-log", null)).status).toBe(401);
    const response = await client.call("GET", "/api/audit-log", member.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(notAuthorized);
  });
});
