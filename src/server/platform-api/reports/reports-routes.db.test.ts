import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ReportDetail, ReportListItem, TaskRatings } from "../../../shared/reports-api.ts";
import type { StoredUser } from "../../auth/users-repository.ts";
import { resolveReport } from "../../domain/task-reports/task-reports-repository.ts";
import { expectError } from "../../test-support/api-calls.ts";
import {
  apiClient,
  codingContent,
  insertChallenge,
  insertTask,
  taskEnabled,
} from "../../test-support/report-fixtures.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { fixtureTimeoutMs } from "../../test-support/test-timeouts.ts";

let server: TestServer;
let client: ReturnType<typeof apiClient>;
let adminToken: string;
let adminId: string;
let alice: { user: StoredUser; token: string };
let bob: { user: StoredUser; token: string };
let carol: { user: StoredUser; token: string };
let dave: { user: StoredUser; token: string };
let erin: { user: StoredUser; token: string };
let challengeId: string;

const notAuthorized = { error: "You are not authorized to use this dashboard." };

beforeAll(async () => {
  // Alice files far more than a day's quota of reports here; the quota has its own server below.
  server = await startTestServer({ TASK_REPORTS_PER_DAY: "1000" });
  client = apiClient(server);
  adminToken = await client.logIn("admin@example.com", "admin");
  const [admin] = await server.db.sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
  adminId = admin.id;
  alice = await client.member("Alice");
  bob = await client.member("Bob");
  carol = await client.member("Carol");
  dave = await client.member("Dave");
  erin = await client.member("Erin");
  // The challenge's creator differs from the tasks' creator: the report must name the task's.
  challengeId = await insertChallenge(server.db.sql, { title: "Arithmetic", creatorId: carol.user.id });
}, fixtureTimeoutMs);

afterAll(() => server.dispose(), fixtureTimeoutMs);

const sql = () => server.db.sql;
const newTask = (options: { kind?: string; title?: string; creatorId?: string | null } = {}) =>
  insertTask(sql(), { challengeId, creatorId: bob.user.id, ...options });

async function fileReport(taskId: string, token: string, body: unknown = { reason: "WRONG" }) {
  const response = await client.call("POST", `/api/tasks/${taskId}/reports`, token, body);
  expect(response.status).toBe(201);
  return (await response.json()) as ReportListItem;
}

/** Expects the report's task snapshot: `fields` of a task Bob made in the test challenge. */
async function expectTaskSnapshot(reportId: string, fields: Record<string, unknown>) {
  const [row] = await sql()`SELECT task_snapshot FROM reports WHERE id = ${reportId}`;
  expect(JSON.parse(row.task_snapshot)).toEqual({ ...fields, challengeId, creatorId: bob.user.id });
}

async function resolve(reportId: string, action: string, body?: unknown): Promise<ReportDetail> {
  const response = await client.call("POST", `/api/reports/${reportId}/${action}`, adminToken, body);
  expect(response.status).toBe(200);
  return (await response.json()) as ReportDetail;
}

async function detail(reportId: string): Promise<ReportDetail> {
  const response = await client.call("GET", `/api/reports/${reportId}`, adminToken);
  expect(response.status).toBe(200);
  return (await response.json()) as ReportDetail;
}

async function bansOf(userId: string) {
  return (await sql()`SELECT action, reason, admin_id, starts_at, ends_at FROM bans
    WHERE user_id = ${userId} ORDER BY created_at, id`) as Array<{
    action: string;
    reason: string;
    admin_id: string;
    starts_at: string;
    ends_at: string | null;
  }>;
}

const dayMs = 24 * 60 * 60 * 1000;

describe("POST /api/tasks/:id/reports", () => {
  test("a signed-in user files a report: 201 with the report; the task stays in play until three users reported it", async () => {
    const taskId = await newTask({ title: "Add fractions" });
    const response = await client.call("POST", `/api/tasks/${taskId}/reports`, alice.token, {
      reason: "WRONG",
      comment: "  The answer key says 5  ",
    });
    expect(response.status).toBe(201);
    const report = (await response.json()) as ReportListItem;
    expect(report).toEqual({
      id: expect.any(String),
      reason: "WRONG",
      comment: "The answer key says 5",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      resolvedAt: null,
      resolution: null,
      automatic: false,
      reporter: { id: alice.user.id, name: "Alice" },
      task: { id: taskId, kind: "QUESTION", title: "Add fractions" },
    });
    // One user's word does not take a task out of play: three distinct users' reports do.
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    await fileReport(taskId, carol.token);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    await fileReport(taskId, dave.token);
    expect(await taskEnabled(sql(), taskId)).toBe(false);
    await expectTaskSnapshot(report.id, { kind: "QUESTION", title: "Add fractions" });
  });

  test("a coding task's snapshot keeps its content", async () => {
    const taskId = await newTask({ kind: "CODING", title: "Sum" });
    const report = await fileReport(taskId, alice.token, { reason: "ABUSE" });
    expect(report.comment).toBe("");
    await expectTaskSnapshot(report.id, { kind: "CODING", title: "Sum", content: codingContent });
  });

  test("one open report per reporter and task: 409; another user may still report it", async () => {
    const taskId = await newTask();
    await fileReport(taskId, alice.token);
    await expectError(
      await client.call("POST", `/api/tasks/${taskId}/reports`, alice.token, { reason: "OTHER" }),
      409,
      { error: "You already reported this task" },
    );
    const other = await fileReport(taskId, carol.token, { reason: "UNRELATED_SKILL" });
    expect(other.reporter).toEqual({ id: carol.user.id, name: "Carol" });
    const [{ n }] = await sql()`SELECT count(*) AS n FROM reports WHERE task_id = ${taskId}`;
    expect(Number(n)).toBe(2);
  });

  test("after its report is resolved, the same user may report the task again", async () => {
    const taskId = await newTask();
    const first = await fileReport(taskId, alice.token);
    await resolve(first.id, "reject");
    const second = await fileReport(taskId, alice.token, { reason: "OTHER" });
    expect(second.id).not.toBe(first.id);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });

  test("an unknown task answers 404 Subtask Not Found", async () => {
    await expectError(
      await client.call("POST", "/api/tasks/no-such-task/reports", alice.token, {
        reason: "WRONG",
      }),
      404,
      { error: "Subtask Not Found" },
    );
  });

  test("without a token answers 401", async () => {
    const taskId = await newTask();
    const response = await client.call("POST", `/api/tasks/${taskId}/reports`, null, { reason: "WRONG" });
    expect(response.status).toBe(401);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });

  test("an admin may file a report too", async () => {
    const taskId = await newTask();
    const report = await fileReport(taskId, adminToken, { reason: "OTHER" });
    expect(report.reporter?.id).toBe(adminId);
  });

  describe("validation", () => {
    let taskId: string;
    beforeAll(async () => {
      taskId = await newTask();
    });
    const post = (body: unknown) => client.call("POST", `/api/tasks/${taskId}/reports`, bob.token, body);

    test("a missing reason", async () => {
      await expectError(await post({ comment: "bad" }), 400, {
        error: "reason is required",
        field: "reason",
      });
    });

    test("an unknown reason", async () => {
      await expectError(await post({ reason: "BORING" }), 400, {
        error: "Must be one of WRONG, ABUSE, UNRELATED_SKILL, DISLIKE, OTHER",
        field: "reason",
      });
    });

    test("a comment of more than 1000 characters", async () => {
      await expectError(await post({ reason: "WRONG", comment: "x".repeat(1001) }), 400, {
        error: "Must be less than 1001 characters",
        field: "comment",
      });
      const ok = await post({ reason: "WRONG", comment: "x".repeat(1000) });
      expect(ok.status).toBe(201);
    });

    test("a comment that is not a text", async () => {
      await expectError(await post({ reason: "WRONG", comment: 42 }), 400, {
        error: "Must be a text",
        field: "comment",
      });
    });

    test("an unknown field", async () => {
      await expectError(await post({ reason: "WRONG", severity: "high" }), 400, {
        error: "Unknown field severity",
        field: "severity",
      });
    });

    test("a body that is not JSON", async () => {
      await expectError(await post("{reason:"), 400, { error: "Request body is not valid JSON" });
    });

    test("nothing was written by the refused requests", async () => {
      const [{ n }] = await sql()`SELECT count(*) AS n FROM reports WHERE task_id = ${taskId}`;
      expect(Number(n)).toBe(1);
    });
  });

  describe("report bans", () => {
    test("a user with an active REPORT ban gets 403 and nothing is filed", async () => {
      const banned = await client.member("Dora");
      const now = Date.now();
      await sql()`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, created_at)
        VALUES (${crypto.randomUUID()}, ${banned.user.id}, ${adminId}, ${"REPORT"}, ${"spam"},
          ${new Date(now - dayMs).toISOString()}, ${new Date(now + dayMs).toISOString()}, ${new Date(now).toISOString()})`;
      const taskId = await newTask();
      await expectError(
        await client.call("POST", `/api/tasks/${taskId}/reports`, banned.token, {
          reason: "WRONG",
        }),
        403,
        { error: "You are banned from reporting tasks" },
      );
      expect(await taskEnabled(sql(), taskId)).toBe(true);
      await expectError(
        await client.call("POST", `/api/tasks/${taskId}/ratings`, banned.token, {
          positive: false,
        }),
        403,
        { error: "You are banned from reporting tasks" },
      );
    });

    test("a permanent REPORT ban refuses too", async () => {
      const banned = await client.member("Emil");
      const now = new Date().toISOString();
      await sql()`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, created_at)
        VALUES (${crypto.randomUUID()}, ${banned.user.id}, ${adminId}, ${"REPORT"}, ${""}, ${now}, ${null}, ${now})`;
      const response = await client.call("POST", `/api/tasks/${await newTask()}/reports`, banned.token, {
        reason: "WRONG",
      });
      expect(response.status).toBe(403);
    });

    test("an expired ban, a lifted ban and a CREATE ban do not refuse", async () => {
      const user = await client.member("Fritz");
      const now = Date.now();
      const iso = (offset: number) => new Date(now + offset).toISOString();
      await sql()`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, lifted_at, created_at)
        VALUES (${crypto.randomUUID()}, ${user.user.id}, ${adminId}, ${"REPORT"}, ${""}, ${iso(-3 * dayMs)},
          ${iso(-dayMs)}, ${null}, ${iso(-3 * dayMs)}),
          (${crypto.randomUUID()}, ${user.user.id}, ${adminId}, ${"REPORT"}, ${""}, ${iso(-dayMs)},
          ${null}, ${iso(-1000)}, ${iso(-dayMs)}),
          (${crypto.randomUUID()}, ${user.user.id}, ${adminId}, ${"CREATE"}, ${""}, ${iso(-dayMs)},
          ${null}, ${null}, ${iso(-dayMs)})`;
      await fileReport(await newTask(), user.token);
    });

    test("a disabled account gets 403 account disabled", async () => {
      const user = await client.member("Gerda");
      await sql()`UPDATE users SET enabled = ${false} WHERE id = ${user.user.id}`;
      await expectError(
        await client.call("POST", `/api/tasks/${await newTask()}/reports`, user.token, {
          reason: "WRONG",
        }),
        403,
        { error: "account disabled, contact us" },
      );
    });
  });
});

describe("POST /api/tasks/:id/ratings", () => {
  const rate = (taskId: string, positive: unknown, token = alice.token) =>
    client.call("POST", `/api/tasks/${taskId}/ratings`, token, { positive });

  async function rateOk(taskId: string, positive: boolean, token = alice.token): Promise<TaskRatings> {
    const response = await rate(taskId, positive, token);
    expect(response.status).toBe(200);
    return (await response.json()) as TaskRatings;
  }

  async function automaticReports(taskId: string) {
    return (await sql()`SELECT id, reason, comment, reporter_id, resolved_at FROM reports
      WHERE task_id = ${taskId} AND automatic = ${true} ORDER BY created_at, id`) as Array<{
      id: string;
      reason: string;
      comment: string;
      reporter_id: string | null;
      resolved_at: string | null;
    }>;
  }

  async function reportsOn(taskId: string): Promise<number> {
    const [{ n }] = await sql()`SELECT count(*) AS n FROM reports WHERE task_id = ${taskId}`;
    return Number(n);
  }

  async function counters(taskId: string): Promise<TaskRatings> {
    const [row] = await sql()`SELECT positive_ratings, negative_ratings FROM tasks WHERE id = ${taskId}`;
    return { positive: Number(row.positive_ratings), negative: Number(row.negative_ratings) };
  }

  async function storedVotes(taskId: string) {
    const rows = await sql()`SELECT user_id, positive FROM task_ratings WHERE task_id = ${taskId}`;
    return new Map(
      rows.map((row: { user_id: string; positive: unknown }) => [row.user_id, Boolean(row.positive)]),
    );
  }

  /** Twenty more signed-in users, so the rule can be met by distinct people. */
  let raters: Array<{ user: StoredUser; token: string }> = [];
  // Twenty argon2id hashes and sign-ins: more than the default hook time on a busy machine.
  beforeAll(async () => {
    raters = await Promise.all(Array.from({ length: 20 }, (_, index) => client.member(`Rater${index + 1}`)));
  }, 60_000);
  const rater = (index: number) => {
    const found = raters[index];
    if (!found) throw new Error(`no rater ${index}`);
    return found;
  };

  test("one rating per user: the same value again changes nothing, the other value moves the vote", async () => {
    const taskId = await newTask();
    expect(await rateOk(taskId, true)).toEqual({ positive: 1, negative: 0 });
    expect(await rateOk(taskId, true)).toEqual({ positive: 1, negative: 0 });
    expect(await rateOk(taskId, false)).toEqual({ positive: 0, negative: 1 });
    expect(await rateOk(taskId, false)).toEqual({ positive: 0, negative: 1 });
    expect(await rateOk(taskId, true, carol.token)).toEqual({ positive: 1, negative: 1 });
    expect(await rateOk(taskId, true)).toEqual({ positive: 2, negative: 0 });
    expect(await counters(taskId)).toEqual({ positive: 2, negative: 0 });
    expect(await storedVotes(taskId)).toEqual(
      new Map([
        [alice.user.id, true],
        [carol.user.id, true],
      ]),
    );
    const [row] = await sql()`SELECT created_at, updated_at FROM task_ratings
      WHERE task_id = ${taskId} AND user_id = ${alice.user.id}`;
    expect(Date.parse(row.updated_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
  });

  test("a changed vote moves the counts that were there before (and never below zero)", async () => {
    const taskId = await insertTask(sql(), { challengeId, creatorId: bob.user.id, positive: 5, negative: 0 });
    expect(await rateOk(taskId, true)).toEqual({ positive: 6, negative: 0 });
    expect(await rateOk(taskId, false)).toEqual({ positive: 5, negative: 1 });
    // A counter set lower by hand stays at zero rather than going negative.
    await sql()`UPDATE tasks SET negative_ratings = ${0} WHERE id = ${taskId}`;
    expect(await rateOk(taskId, true)).toEqual({ positive: 6, negative: 0 });
  });

  test("ten dislikes from one user count once and file no report", async () => {
    const taskId = await newTask();
    for (let round = 0; round < 10; round++) {
      expect(await rateOk(taskId, false)).toEqual({ positive: 0, negative: 1 });
    }
    // Sent at once, too: they queue on the task and still count once.
    const parallel = await Promise.all(Array.from({ length: 10 }, () => rate(taskId, false, carol.token)));
    for (const response of parallel) expect(response.status).toBe(200);
    expect(await counters(taskId)).toEqual({ positive: 0, negative: 2 });
    expect((await storedVotes(taskId)).size).toBe(2);
    expect(await reportsOn(taskId)).toBe(0);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });

  test("ten dislikes from ten users, more negative than positive, file exactly one automatic report", async () => {
    const taskId = await newTask({ title: "Disliked" });
    expect(await rateOk(taskId, true, carol.token)).toEqual({ positive: 1, negative: 0 });
    for (let index = 0; index < 9; index++) {
      expect(await rateOk(taskId, false, rater(index).token)).toEqual({ positive: 1, negative: index + 1 });
    }
    expect(await reportsOn(taskId)).toBe(0);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    // The ninth user voting again changes nothing, so still no report.
    expect(await rateOk(taskId, false, rater(8).token)).toEqual({ positive: 1, negative: 9 });
    expect(await reportsOn(taskId)).toBe(0);

    expect(await rateOk(taskId, false, rater(9).token)).toEqual({ positive: 1, negative: 10 });
    const reports = await automaticReports(taskId);
    expect(reports).toEqual([
      {
        id: expect.any(String),
        reason: "DISLIKE",
        comment: "Automatic report: 10 negative and 1 positive ratings",
        reporter_id: null,
        resolved_at: null,
      },
    ]);
    expect(await taskEnabled(sql(), taskId)).toBe(false);

    // Only once while it is open: an eleventh dislike and repeated ones file nothing more.
    expect(await rateOk(taskId, false, rater(10).token)).toEqual({ positive: 1, negative: 11 });
    expect(await rateOk(taskId, false, rater(0).token)).toEqual({ positive: 1, negative: 11 });
    expect(await reportsOn(taskId)).toBe(1);

    const report = await detail(reports[0]?.id ?? "");
    expect(report.automatic).toBe(true);
    expect(report.reporter).toBeNull();
    expect(report.reason).toBe("DISLIKE");
    expect(report.task.title).toBe("Disliked");
    expect(report.task.negativeRatings).toBe(11);
    expect(report.task.positiveRatings).toBe(1);
    const listed = await client.call("GET", "/api/reports?reason=DISLIKE&pageSize=100", adminToken);
    const items = ((await listed.json()) as { items: ReportListItem[] }).items;
    expect(items.find((item) => item.id === report.id)).toMatchObject({ automatic: true, reporter: null });
  });

  test("ten dislikes against as many likes from distinct users file nothing; one more dislike does", async () => {
    const taskId = await newTask();
    for (let index = 10; index < 20; index++) await rateOk(taskId, true, rater(index).token);
    for (let index = 0; index < 10; index++) await rateOk(taskId, false, rater(index).token);
    expect(await counters(taskId)).toEqual({ positive: 10, negative: 10 });
    expect(await reportsOn(taskId)).toBe(0);
    expect(await rateOk(taskId, false)).toEqual({ positive: 10, negative: 11 });
    expect(await automaticReports(taskId)).toHaveLength(1);
  });

  test("a user changing a dislike to a like moves the counters and files nothing", async () => {
    const taskId = await newTask();
    for (let index = 0; index < 9; index++) await rateOk(taskId, false, rater(index).token);
    expect(await rateOk(taskId, true, rater(10).token)).toEqual({ positive: 1, negative: 9 });
    expect(await rateOk(taskId, true, rater(0).token)).toEqual({ positive: 2, negative: 8 });
    expect(await rateOk(taskId, false, rater(0).token)).toEqual({ positive: 1, negative: 9 });
    expect(await reportsOn(taskId)).toBe(0);
    // The like that moves to a dislike is the tenth negative vote: that one files the report.
    expect(await rateOk(taskId, false, rater(10).token)).toEqual({ positive: 0, negative: 10 });
    expect(await automaticReports(taskId)).toHaveLength(1);
    expect(await counters(taskId)).toEqual({ positive: 0, negative: 10 });
    expect([...(await storedVotes(taskId)).values()].filter((positive) => !positive)).toHaveLength(10);
  });

  test("a user's own open DISLIKE report does not stop the automatic one", async () => {
    const taskId = await newTask();
    await fileReport(taskId, carol.token, { reason: "DISLIKE" });
    await sql()`UPDATE tasks SET negative_ratings = ${9} WHERE id = ${taskId}`;
    await rateOk(taskId, false);
    expect(await automaticReports(taskId)).toHaveLength(1);
  });

  test("nor does the open DISLIKE report of a user deleted since", async () => {
    const gone = await client.member("Gone1");
    const taskId = await newTask();
    const filed = await fileReport(taskId, gone.token, { reason: "DISLIKE" });
    const deleted = await client.call("DELETE", `/api/users/${gone.user.id}`, adminToken);
    expect(deleted.status).toBe(204);
    expect((await detail(filed.id)).automatic).toBe(false);
    for (let index = 0; index < 10; index++) await rateOk(taskId, false, rater(index).token);
    const reports = await automaticReports(taskId);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.id).not.toBe(filed.id);
  });

  test("once the automatic report is resolved, the rule may file a new one", async () => {
    const taskId = await newTask();
    for (let index = 0; index < 10; index++) await rateOk(taskId, false, rater(index).token);
    const [first] = await automaticReports(taskId);
    await resolve(first?.id ?? "", "reject");
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    // Votes already counted do not file it again.
    await rateOk(taskId, false, rater(0).token);
    expect(await automaticReports(taskId)).toHaveLength(1);
    await rateOk(taskId, false, rater(10).token);
    const reports = await automaticReports(taskId);
    expect(reports).toHaveLength(2);
    expect(reports[1]?.comment).toBe("Automatic report: 11 negative and 0 positive ratings");
  });

  test("no automatic report when positives match or exceed the negatives", async () => {
    const taskId = await newTask();
    await sql()`UPDATE tasks SET negative_ratings = ${11}, positive_ratings = ${12} WHERE id = ${taskId}`;
    expect(await rateOk(taskId, false)).toEqual({ positive: 12, negative: 12 });
    expect(await automaticReports(taskId)).toEqual([]);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });

  test("deleting a user takes their rating rows with the account; the counts stay", async () => {
    const gone = await client.member("Gone2");
    const taskId = await newTask();
    await rateOk(taskId, false, gone.token);
    await rateOk(taskId, true);
    const deleted = await client.call("DELETE", `/api/users/${gone.user.id}`, adminToken);
    expect(deleted.status).toBe(204);
    expect(await storedVotes(taskId)).toEqual(new Map([[alice.user.id, true]]));
    expect(await counters(taskId)).toEqual({ positive: 1, negative: 1 });
  });

  test("deleting a task takes its rating rows with it", async () => {
    const taskId = await newTask();
    await rateOk(taskId, true);
    await sql()`DELETE FROM tasks WHERE id = ${taskId}`;
    const [{ n }] = await sql()`SELECT count(*) AS n FROM task_ratings WHERE task_id = ${taskId}`;
    expect(Number(n)).toBe(0);
  });

  test("an unknown task answers 404 Subtask Not Found", async () => {
    await expectError(await rate("no-such-task", true), 404, { error: "Subtask Not Found" });
  });

  test("without a token answers 401", async () => {
    const response = await client.call("POST", `/api/tasks/${await newTask()}/ratings`, null, {
      positive: true,
    });
    expect(response.status).toBe(401);
  });

  test("positive is required and must be a boolean", async () => {
    const taskId = await newTask();
    await expectError(await client.call("POST", `/api/tasks/${taskId}/ratings`, alice.token, {}), 400, {
      error: "positive is required",
      field: "positive",
    });
    await expectError(await rate(taskId, "yes"), 400, { error: "positive is invalid", field: "positive" });
    const [row] = await sql()`SELECT positive_ratings, negative_ratings FROM tasks WHERE id = ${taskId}`;
    expect([Number(row.positive_ratings), Number(row.negative_ratings)]).toEqual([0, 0]);
  });
});

describe("a report whose reporter was deleted since", () => {
  test("is shown with no reporter, not as automatic, in the detail and the list", async () => {
    const leaving = await client.member("Leaving");
    const taskId = await newTask({ title: "Left behind" });
    const filed = await fileReport(taskId, leaving.token, { reason: "DISLIKE", comment: "boring" });
    expect(filed.automatic).toBe(false);
    const deleted = await client.call("DELETE", `/api/users/${leaving.user.id}`, adminToken);
    expect(deleted.status).toBe(204);
    const [row] = await sql()`SELECT reporter_id, automatic FROM reports WHERE id = ${filed.id}`;
    expect(row.reporter_id).toBeNull();
    expect(Boolean(row.automatic)).toBe(false);

    const report = await detail(filed.id);
    expect(report.automatic).toBe(false);
    expect(report.reporter).toBeNull();
    expect(report.comment).toBe("boring");
    const response = await client.call("GET", "/api/reports?q=Left%20behind", adminToken);
    const items = ((await response.json()) as { items: ReportListItem[] }).items;
    expect(items).toEqual([{ ...filed, automatic: false, reporter: null }]);

    // Nobody is left to block; the report stays open.
    await expectError(await client.call("POST", `/api/reports/${filed.id}/block-reporter`, adminToken), 400, {
      error: "This report has no reporter",
    });
    expect((await detail(filed.id)).resolvedAt).toBeNull();
  });
});

describe("GET /api/reports/:id", () => {
  test("shows the report, the task's creator (not the challenge's) and the coding challenge info", async () => {
    const taskId = await newTask({ kind: "CODING", title: "Sum two numbers" });
    const filed = await fileReport(taskId, alice.token, { reason: "WRONG", comment: "Tests are wrong" });
    expect(await detail(filed.id)).toEqual({
      id: filed.id,
      reason: "WRONG",
      comment: "Tests are wrong",
      reportedAt: filed.createdAt,
      resolvedAt: null,
      resolution: null,
      automatic: false,
      reporter: { id: alice.user.id, name: "Alice", email: "alice@example.com" },
      resolver: null,
      task: {
        id: taskId,
        kind: "CODING",
        title: "Sum two numbers",
        challengeId,
        challengeTitle: "Arithmetic",
        exists: true,
        // A single report: the admin sees it, the task stays in play.
        enabled: true,
        positiveRatings: 0,
        negativeRatings: 0,
      },
      creator: { id: bob.user.id, name: "Bob", email: "bob@example.com" },
      codingChallenge: {
        timeLimitMs: 2000,
        memoryLimitMb: 256,
        environment: "python3",
        staticTests: 5,
        randomTests: 20,
      },
    });
  });

  test("a task of another kind has no coding challenge info", async () => {
    const filed = await fileReport(await newTask({ kind: "MULTIPLE_CHOICE" }), alice.token);
    const report = await detail(filed.id);
    expect(report.task.kind).toBe("MULTIPLE_CHOICE");
    expect(report.codingChallenge).toBeNull();
  });

  test("a task without a creator shows none", async () => {
    const filed = await fileReport(await newTask({ creatorId: null }), alice.token);
    expect((await detail(filed.id)).creator).toBeNull();
  });

  test("an unknown report answers 404 Report Not Found", async () => {
    await expectError(await client.call("GET", "/api/reports/no-such-report", adminToken), 404, {
      error: "Report Not Found",
    });
  });

  test("without a token 401, with a USER's token 403", async () => {
    const filed = await fileReport(await newTask(), alice.token);
    expect((await client.call("GET", `/api/reports/${filed.id}`, null)).status).toBe(401);
    const response = await client.call("GET", `/api/reports/${filed.id}`, alice.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(notAuthorized);
  });
});

describe("resolutions", () => {
  test("reject: resolved by the admin, the task re-enabled, audited", async () => {
    const taskId = await newTask();
    const filed = await fileReport(taskId, alice.token);
    const report = await resolve(filed.id, "reject", { reason: "The answer is right" });
    expect(report.resolution).toBe("REJECT");
    expect(report.resolver).toEqual({ id: adminId, name: "admin" });
    expect(Date.parse(report.resolvedAt ?? "")).toBeGreaterThan(Date.parse(filed.createdAt) - 1);
    expect(report.resolvedAt).toMatch(/Z$/);
    expect(report.task.exists).toBe(true);
    expect(report.task.enabled).toBe(true);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    const [audit] = await sql()`SELECT actor_id, action, entity, details FROM audit_log
      WHERE entity_id = ${filed.id}`;
    expect(audit.actor_id).toBe(adminId);
    expect(audit.action).toBe("report.reject");
    expect(audit.entity).toBe("report");
    expect(JSON.parse(audit.details)).toEqual({
      resolution: "REJECT",
      reason: "The answer is right",
      taskId,
      ban: null,
      alsoResolved: [],
    });
  });

  test("a second resolution answers 409 Report Already Resolved and changes nothing", async () => {
    const taskId = await newTask();
    const filed = await fileReport(taskId, alice.token);
    await resolve(filed.id, "reject");
    for (const action of ["reject", "delete-task", "block-reporter", "block-creator"]) {
      await expectError(await client.call("POST", `/api/reports/${filed.id}/${action}`, adminToken), 409, {
        error: "Report Already Resolved",
      });
    }
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    expect((await detail(filed.id)).resolution).toBe("REJECT");
    expect(await bansOf(alice.user.id)).toEqual([]);
  });

  test("a hidden task comes back once the reports still open no longer reach the threshold", async () => {
    const taskId = await newTask();
    const [first, second] = await Promise.all(
      [alice, carol, dave, erin].map((user) => fileReport(taskId, user.token)),
    );
    expect(await taskEnabled(sql(), taskId)).toBe(false);
    await resolve(first?.id ?? "", "reject");
    // Three users' reports are still open.
    expect(await taskEnabled(sql(), taskId)).toBe(false);
    await resolve(second?.id ?? "", "reject");
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });

  test("a task an admin disabled by hand stays disabled when the reports against it are rejected", async () => {
    const taskId = await newTask();
    await sql()`UPDATE tasks SET enabled = ${false} WHERE id = ${taskId}`;
    const reports = [];
    for (const user of [alice, carol, dave]) reports.push(await fileReport(taskId, user.token));
    for (const report of reports) await resolve(report.id, "reject");
    expect(await taskEnabled(sql(), taskId)).toBe(false);
  });

  test("delete-task: the task is deleted and its other open reports are resolved with it", async () => {
    const taskId = await newTask({ kind: "CODING", title: "Broken" });
    const first = await fileReport(taskId, alice.token);
    const second = await fileReport(taskId, carol.token);
    const report = await resolve(first.id, "delete-task");
    expect(report.resolution).toBe("DELETE_TASK");
    expect(report.task).toEqual({
      id: null,
      kind: "CODING",
      title: "Broken",
      challengeId,
      challengeTitle: "Arithmetic",
      exists: false,
      enabled: null,
      positiveRatings: null,
      negativeRatings: null,
    });
    // Still readable from the snapshot.
    expect(report.creator).toEqual({ id: bob.user.id, name: "Bob", email: "bob@example.com" });
    expect(report.codingChallenge?.timeLimitMs).toBe(2000);
    expect(await taskEnabled(sql(), taskId)).toBeNull();
    const other = await detail(second.id);
    expect(other.resolution).toBe("DELETE_TASK");
    expect(other.resolver).toEqual({ id: adminId, name: "admin" });
    expect(other.task.exists).toBe(false);
    const [audit] = await sql()`SELECT action, details FROM audit_log WHERE entity_id = ${first.id}`;
    expect(audit.action).toBe("report.delete-task");
    expect(JSON.parse(audit.details).alsoResolved).toEqual([second.id]);
  });

  test("block-reporter: an escalating REPORT ban for the reporter; the task re-enabled", async () => {
    const reporter = await client.member("Hanna");
    const expected = [3, 7, 30, null];
    for (const [index, days] of expected.entries()) {
      const taskId = await newTask();
      const filed = await fileReport(taskId, reporter.token);
      const before = Date.now();
      const report = await resolve(filed.id, "block-reporter", index === 0 ? { reason: "Spam reports" } : {});
      expect(report.resolution).toBe("BLOCK_REPORTER");
      expect(await taskEnabled(sql(), taskId)).toBe(true);
      const bans = await bansOf(reporter.user.id);
      expect(bans).toHaveLength(index + 1);
      const ban = bans[index];
      expect(ban?.action).toBe("REPORT");
      expect(ban?.admin_id).toBe(adminId);
      expect(ban?.reason).toBe(
        index === 0 ? "Spam reports" : `Blocked from reporting tasks after report ${filed.id}`,
      );
      if (days === null) {
        expect(ban?.ends_at).toBeNull();
      } else {
        const length = Date.parse(ban?.ends_at ?? "") - Date.parse(ban?.starts_at ?? "");
        expect(length).toBe(days * dayMs);
        expect(Date.parse(ban?.starts_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
      }
      // Banned now: reporting is refused.
      await expectError(
        await client.call("POST", `/api/tasks/${taskId}/reports`, reporter.token, {
          reason: "WRONG",
        }),
        403,
        { error: "You are banned from reporting tasks" },
      );
      // Lift it (as the users API would), so the next round can report; lifted bans still count.
      await sql()`UPDATE bans SET lifted_at = ${new Date().toISOString()} WHERE user_id = ${reporter.user.id}`;
    }
    const [audit] = await sql()`SELECT action, details FROM audit_log
      WHERE action = ${"report.block-reporter"} ORDER BY created_at DESC, id DESC LIMIT 1`;
    const details = JSON.parse(audit.details);
    expect(details.ban).toEqual({
      id: expect.any(String),
      userId: reporter.user.id,
      action: "REPORT",
      endsAt: null,
    });
  });

  test("block-reporter on an automatic report answers 400 and leaves it open", async () => {
    const taskId = await newTask();
    await sql()`UPDATE tasks SET negative_ratings = ${9} WHERE id = ${taskId}`;
    await client.call("POST", `/api/tasks/${taskId}/ratings`, alice.token, { positive: false });
    const [automatic] = await sql()`SELECT id FROM reports WHERE task_id = ${taskId}`;
    await expectError(
      await client.call("POST", `/api/reports/${automatic.id}/block-reporter`, adminToken),
      400,
      { error: "This report has no reporter" },
    );
    const report = await detail(automatic.id);
    expect(report.resolvedAt).toBeNull();
    expect(report.resolution).toBeNull();
    expect(await taskEnabled(sql(), taskId)).toBe(false);
    const [{ n }] = await sql()`SELECT count(*) AS n FROM audit_log WHERE entity_id = ${automatic.id}`;
    expect(Number(n)).toBe(0);
  });

  test("block-creator: a CREATE ban for the task's creator, found by the task's creator id; task deleted", async () => {
    const creator = await client.member("Ingo");
    const taskId = await newTask({ creatorId: creator.user.id });
    const filed = await fileReport(taskId, alice.token, { reason: "ABUSE" });
    const report = await resolve(filed.id, "block-creator", { reason: "Offensive task" });
    expect(report.resolution).toBe("BLOCK_CREATOR");
    expect(report.task.exists).toBe(false);
    expect(report.creator).toEqual({ id: creator.user.id, name: "Ingo", email: "ingo@example.com" });
    expect(await taskEnabled(sql(), taskId)).toBeNull();
    const bans = await bansOf(creator.user.id);
    expect(bans).toHaveLength(1);
    expect(bans[0]?.action).toBe("CREATE");
    expect(bans[0]?.reason).toBe("Offensive task");
    expect(Date.parse(bans[0]?.ends_at ?? "") - Date.parse(bans[0]?.starts_at ?? "")).toBe(3 * dayMs);
    // Neither the challenge's creator nor the reporter was banned.
    expect(await bansOf(carol.user.id)).toEqual([]);
    expect(await bansOf(alice.user.id)).toEqual([]);

    // The second ban of the same kind lasts 7 days, counted per action.
    const next = await fileReport(await newTask({ creatorId: creator.user.id }), alice.token);
    await resolve(next.id, "block-creator");
    const [, second] = await bansOf(creator.user.id);
    expect(Date.parse(second?.ends_at ?? "") - Date.parse(second?.starts_at ?? "")).toBe(7 * dayMs);
    expect(second?.reason).toBe(`Blocked from creating tasks after report ${next.id}`);
  });

  test("block-creator on a task already deleted uses the snapshot's creator", async () => {
    const creator = await client.member("Jana");
    const taskId = await newTask({ creatorId: creator.user.id });
    const filed = await fileReport(taskId, alice.token);
    await sql()`DELETE FROM tasks WHERE id = ${taskId}`;
    const report = await resolve(filed.id, "block-creator");
    expect(report.creator?.id).toBe(creator.user.id);
    expect((await bansOf(creator.user.id)).map((ban) => ban.action)).toEqual(["CREATE"]);
  });

  test("block-creator when the task has no creator answers 400 and changes nothing", async () => {
    const taskId = await newTask({ creatorId: null });
    const filed = await fileReport(taskId, alice.token);
    await expectError(await client.call("POST", `/api/reports/${filed.id}/block-creator`, adminToken), 400, {
      error: "This task has no creator",
    });
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    expect((await detail(filed.id)).resolvedAt).toBeNull();
  });

  test("a failure part-way through a resolution leaves nothing written", async () => {
    const taskId = await newTask();
    const reporter = await client.member("Kai");
    const first = await fileReport(taskId, reporter.token);
    const second = await fileReport(taskId, alice.token);
    await fileReport(taskId, carol.token);
    // The audit entry is the last write: make it fail, then check the earlier writes were rolled back.
    const postgres = server.config.database.engine === "postgres";
    if (postgres) {
      await sql().unsafe(`CREATE FUNCTION refuse_audit() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`);
      await sql().unsafe(`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    } else {
      await sql().unsafe(`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit refused'); END`);
    }
    try {
      for (const resolution of ["BLOCK_REPORTER", "DELETE_TASK"] as const) {
        await expect(
          resolveReport(sql(), {
            reportId: first.id,
            resolution,
            adminId,
            reason: "",
            hideAfterReporters: 3,
          }),
        ).rejects.toThrow("audit refused");
      }
    } finally {
      await sql().unsafe(postgres ? "DROP TRIGGER refuse_audit ON audit_log" : "DROP TRIGGER refuse_audit");
      if (postgres) await sql().unsafe("DROP FUNCTION refuse_audit()");
    }
    expect((await detail(first.id)).resolvedAt).toBeNull();
    expect((await detail(second.id)).resolvedAt).toBeNull();
    expect(await bansOf(reporter.user.id)).toEqual([]);
    expect(await taskEnabled(sql(), taskId)).toBe(false);
    // And the same resolution goes through once the failure is gone.
    expect((await resolve(first.id, "delete-task")).resolution).toBe("DELETE_TASK");
  });

  test("an unknown report answers 404 Report Not Found for every action", async () => {
    for (const action of ["reject", "delete-task", "block-reporter", "block-creator"]) {
      await expectError(await client.call("POST", `/api/reports/no-such-report/${action}`, adminToken), 404, {
        error: "Report Not Found",
      });
    }
  });

  test("without a token 401, with a USER's token 403, for every action", async () => {
    const taskId = await newTask();
    const filed = await fileReport(taskId, alice.token);
    for (const action of ["reject", "delete-task", "block-reporter", "block-creator"]) {
      expect((await client.call("POST", `/api/reports/${filed.id}/${action}`, null)).status).toBe(401);
      const response = await client.call("POST", `/api/reports/${filed.id}/${action}`, alice.token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(notAuthorized);
    }
    expect((await detail(filed.id)).resolvedAt).toBeNull();
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });

  test("a reason of more than 500 characters or an unknown field answers 400", async () => {
    const filed = await fileReport(await newTask(), alice.token);
    await expectError(
      await client.call("POST", `/api/reports/${filed.id}/reject`, adminToken, {
        reason: "x".repeat(501),
      }),
      400,
      { error: "Must be less than 501 characters", field: "reason" },
    );
    await expectError(
      await client.call("POST", `/api/reports/${filed.id}/reject`, adminToken, { ban: true }),
      400,
      { error: "Unknown field ban", field: "ban" },
    );
    const notJson = await client.call("POST", `/api/reports/${filed.id}/reject`, adminToken, "nope");
    expect(notJson.status).toBe(400);
    expect((await detail(filed.id)).resolvedAt).toBeNull();
  });

  test("GET on a resolution path answers 405", async () => {
    const response = await client.call("GET", "/api/reports/anything/reject", adminToken);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
