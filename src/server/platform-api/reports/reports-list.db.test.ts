import { describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { ReportListItem } from "../../../shared/reports-api.ts";
import type { StoredUser } from "../../auth/users-repository.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { type BadRequestCase, expectBadQueries } from "../../test-support/bad-request-cases.ts";
import { apiClient, insertChallenge, insertTask } from "../../test-support/report-fixtures.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

type Page = ListPage<ReportListItem>;

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let adminToken: string;
let alice: { user: StoredUser; token: string };
let bob: { user: StoredUser; token: string };
const task = { fractions: "", squares: "", capitals: "", rivers: "" };
/** r1…r5 in filing order. */
const report = { r1: "", r2: "", r3: "", r4: "", r5: "" };
type ReportKey = keyof typeof report;

async function file(taskId: string, token: string, reason: string, comment: string): Promise<string> {
  const response = await client.call("POST", `/api/tasks/${taskId}/reports`, token, { reason, comment });
  expect(response.status).toBe(201);
  return ((await response.json()) as ReportListItem).id;
}

startBeforeAll(startTestServer, async (started) => {
  server = started;
  client = apiClient(server);
  const sql = server.db.sql;
  adminToken = await client.logIn("admin@example.com", "admin");
  alice = await client.member("Alice");
  bob = await client.member("Bob");
  const challengeId = await insertChallenge(sql);
  const creatorId = bob.user.id;
  task.fractions = await insertTask(sql, { challengeId, creatorId, title: "Add fractions" });
  task.squares = await insertTask(sql, { challengeId, creatorId, kind: "CODING", title: "Sum of squares" });
  task.capitals = await insertTask(sql, {
    challengeId,
    creatorId,
    kind: "MULTIPLE_CHOICE",
    title: "Capital cities 100%",
  });
  task.rivers = await insertTask(sql, { challengeId, creatorId, title: 'The "Rivers" quiz', negative: 9 });

  report.r1 = await file(task.fractions, alice.token, "WRONG", "The answer key is wrong");
  report.r2 = await file(task.squares, bob.token, "ABUSE", "Rude text in the description");
  report.r3 = await file(task.capitals, alice.token, "OTHER", "typo in the 100% question");
  const rated = await client.call("POST", `/api/tasks/${task.rivers}/ratings`, alice.token, {
    positive: false,
  });
  expect(rated.status).toBe(200);
  const [automatic] = await sql`SELECT id FROM reports WHERE task_id = ${task.rivers}`;
  report.r4 = automatic.id;
  report.r5 = await file(task.rivers, bob.token, "UNRELATED_SKILL", "not about geography at all");

  // Distinct, known dates, so the order does not depend on the clock's resolution.
  for (const [index, key] of (["r1", "r2", "r3", "r4", "r5"] as const).entries()) {
    await sql`UPDATE reports SET created_at = ${`2026-01-0${index + 1}T10:00:00.000Z`} WHERE id = ${report[key]}`;
  }
  expect((await client.call("POST", `/api/reports/${report.r2}/reject`, adminToken)).status).toBe(200);
  expect((await client.call("POST", `/api/reports/${report.r5}/delete-task`, adminToken)).status).toBe(200);
  await sql`UPDATE reports SET resolved_at = ${"2026-02-01T10:00:00.000Z"} WHERE id = ${report.r2}`;
  await sql`UPDATE reports SET resolved_at = ${"2026-02-02T10:00:00.000Z"}
    WHERE id IN (${report.r4}, ${report.r5})`;
});

async function list(query = ""): Promise<Page> {
  const response = await client.call("GET", `/api/reports${query}`, adminToken);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function ids(query = ""): Promise<string[]> {
  const page = await list(query);
  expect(page.total).toBe(page.items.length);
  return page.items.map((item) => item.id);
}

const keys = (...names: ReportKey[]): string[] => names.map((name) => report[name]);

describe("GET /api/reports", () => {
  test("every report, newest first, with the default paging", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(page.items.map((item) => item.id)).toEqual(keys("r5", "r4", "r3", "r2", "r1"));
  });

  test("items carry the reporter and the task, from the snapshot once the task is deleted", async () => {
    const byId = new Map((await list()).items.map((item) => [item.id, item]));
    expect(byId.get(report.r1)).toEqual({
      id: report.r1,
      reason: "WRONG",
      comment: "The answer key is wrong",
      createdAt: "2026-01-01T10:00:00.000Z",
      resolvedAt: null,
      resolution: null,
      automatic: false,
      reporter: { id: alice.user.id, name: "Alice" },
      task: { id: task.fractions, kind: "QUESTION", title: "Add fractions" },
    });
    expect(byId.get(report.r2)).toMatchObject({
      resolvedAt: "2026-02-01T10:00:00.000Z",
      resolution: "REJECT",
      task: { id: task.squares, kind: "CODING", title: "Sum of squares" },
    });
    expect(byId.get(report.r4)).toEqual({
      id: report.r4,
      reason: "DISLIKE",
      comment: "Automatic report: 10 negative and 0 positive ratings",
      createdAt: "2026-01-04T10:00:00.000Z",
      resolvedAt: "2026-02-02T10:00:00.000Z",
      resolution: "DELETE_TASK",
      automatic: true,
      reporter: null,
      task: { id: null, kind: "QUESTION", title: 'The "Rivers" quiz' },
    });
  });

  test("state=open and state=resolved", async () => {
    expect(await ids("?state=open")).toEqual(keys("r3", "r1"));
    expect(await ids("?state=resolved")).toEqual(keys("r5", "r4", "r2"));
  });

  test("reason", async () => {
    expect(await ids("?reason=ABUSE")).toEqual(keys("r2"));
    expect(await ids("?reason=DISLIKE")).toEqual(keys("r4"));
  });

  test("taskKind, deleted tasks included, case-insensitive", async () => {
    expect(await ids("?taskKind=CODING")).toEqual(keys("r2"));
    expect(await ids("?taskKind=QUESTION")).toEqual(keys("r5", "r4", "r1"));
    expect(await ids("?taskKind=MULTIPLE_CHOICE")).toEqual(keys("r3"));
    expect(await ids("?taskKind=coding")).toEqual(keys("r2"));
    expect(await ids("?taskKind=MULTIPLE")).toEqual([]);
  });

  test("filters combine", async () => {
    expect(await ids("?state=open&taskKind=QUESTION")).toEqual(keys("r1"));
    expect(await ids("?state=resolved&reason=WRONG")).toEqual([]);
  });

  test("q searches the comment and the task title, case-insensitive", async () => {
    expect(await ids("?q=FRACTIONS")).toEqual(keys("r1"));
    expect(await ids("?q=rude")).toEqual(keys("r2"));
    expect(await ids("?q=geography")).toEqual(keys("r5"));
  });

  test("q finds a deleted task's title in its snapshot, quotes included", async () => {
    expect(await ids("?q=rivers")).toEqual(keys("r5", "r4"));
    expect(await ids(`?q=${encodeURIComponent('"rivers" quiz')}`)).toEqual(keys("r5", "r4"));
  });

  test("q does not match inside a coding task's content, and wildcards are literal", async () => {
    expect(await ids("?q=python3")).toEqual([]);
    expect(await ids(`?q=${encodeURIComponent("100%")}`)).toEqual(keys("r3"));
    expect(await ids(`?q=${encodeURIComponent("%")}`)).toEqual(keys("r3"));
    expect(await ids("?q=_")).toEqual([]);
  });

  test("sort by createdAt, reason and resolvedAt", async () => {
    expect(await ids("?sort=createdAt")).toEqual(keys("r1", "r2", "r3", "r4", "r5"));
    expect(await ids("?sort=reason")).toEqual(keys("r2", "r4", "r3", "r5", "r1"));
    expect(await ids("?sort=-reason")).toEqual(keys("r1", "r5", "r3", "r4", "r2"));
    // Same resolution date: the tie-breaker keeps the order stable; open reports come last.
    expect(await ids("?sort=-resolvedAt")).toEqual(keys("r5", "r4", "r2", "r3", "r1"));
    expect(await ids("?sort=resolvedAt")).toEqual(keys("r1", "r3", "r2", "r4", "r5"));
  });

  test("pagination", async () => {
    const page = await list("?pageSize=2&page=2");
    expect(page.total).toBe(5);
    expect(page.page).toBe(2);
    expect(page.pageSize).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual(keys("r3", "r2"));
    const last = await list("?pageSize=2&page=3");
    expect(last.items.map((item) => item.id)).toEqual(keys("r1"));
    expect((await list("?page=9")).items).toEqual([]);
  });

  test("bad parameters answer 400 naming the parameter", async () => {
    const cases: BadRequestCase<string>[] = [
      ["?state=closed", { error: "state must be open or resolved", field: "state" }],
      [
        "?reason=BORING",
        { error: "reason must be one of WRONG, ABUSE, UNRELATED_SKILL, DISLIKE, OTHER", field: "reason" },
      ],
      [
        "?sort=title",
        { error: "sort must be one of createdAt, resolvedAt, reason (prefix - to reverse)", field: "sort" },
      ],
      ["?page=0", { error: "page must be a whole number from 1 to 1000000", field: "page" }],
      ["?pageSize=101", { error: "pageSize must be a whole number from 1 to 100", field: "pageSize" }],
    ];
    await expectBadQueries(cases, (query) => client.call("GET", `/api/reports${query}`, adminToken));
  });

  test("without a token 401, with a USER's token 403", async () => {
    expect((await client.call("GET", "/api/reports", null)).status).toBe(401);
    await expectError(await client.call("GET", "/api/reports", alice.token), 403, {
      error: "You are not authorized to use this dashboard.",
    });
  });
});
