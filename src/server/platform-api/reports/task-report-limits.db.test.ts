import { describe, expect, test } from "bun:test";
import type { ReportListItem } from "../../../shared/reports-api.ts";
import type { StoredUser } from "../../auth/users-repository.ts";
import { apiClient, insertChallenge, insertTask, taskEnabled } from "../../test-support/report-fixtures.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer } from "../../test-support/test-server.ts";

/**
 * One account disabled 20 tasks in 46 ms, since a single report took a task out of
 * play. Now a user files at most `TASK_REPORTS_PER_DAY` reports in 24 hours, and a task is hidden only
 * once `TASK_REPORT_THRESHOLD` distinct users reported it; the admin sees every report from the first.
 */

type Member = { user: StoredUser; token: string };

async function setUp(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const client = apiClient(server);
  const adminToken = await client.logIn("admin@example.com", "admin");
  const challengeId = await insertChallenge(server.db.sql, { title: "Limits" });
  const newTask = () => insertTask(server.db.sql, { challengeId, creatorId: null });
  const report = (taskId: string, member: Member) =>
    client.call("POST", `/api/tasks/${taskId}/reports`, member.token, { reason: "WRONG" });
  return { server, client, adminToken, newTask, report, dispose: () => server.dispose() };
}

describe("with the default rules (3 reporters, 10 reports a day)", () => {
  let setup: Awaited<ReturnType<typeof setUp>>;
  startBeforeAll(
    () => setUp(),
    (started) => {
      setup = started;
    },
  );
  const sql = () => setup.server.db.sql;

  test("one account reporting 20 tasks: 10 are filed, the rest get 429 with Retry-After; no task leaves play", async () => {
    const mallory = await setup.client.member("Mallory");
    const tasks = await Promise.all(Array.from({ length: 20 }, () => setup.newTask()));
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (const taskId of tasks) {
      const response = await setup.report(taskId, mallory);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(429)]);
    expect(await refused?.json()).toEqual({
      error: "You have reported too many tasks today, try again later",
    });
    // The oldest report leaves the 24-hour window in about a day.
    const retryAfter = Number(refused?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    for (const taskId of tasks) expect(await taskEnabled(sql(), taskId)).toBe(true);
    const [{ n }] = await sql()`SELECT count(*) AS n FROM reports WHERE reporter_id = ${mallory.user.id}`;
    expect(Number(n)).toBe(10);
  });

  test("reports sent all at once still stop at the quota", async () => {
    const burst = await setup.client.member("Burst");
    const tasks = await Promise.all(Array.from({ length: 20 }, () => setup.newTask()));
    const responses = await Promise.all(tasks.map((taskId) => setup.report(taskId, burst)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  test("the quota counts the last 24 hours: once the reports are older, the user may report again", async () => {
    const steady = await setup.client.member("Steady");
    for (let index = 0; index < 10; index++)
      expect((await setup.report(await setup.newTask(), steady)).status).toBe(201);
    expect((await setup.report(await setup.newTask(), steady)).status).toBe(429);
    const dayAndAnHourAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await sql()`UPDATE reports SET created_at = ${dayAndAnHourAgo} WHERE reporter_id = ${steady.user.id}`;
    expect((await setup.report(await setup.newTask(), steady)).status).toBe(201);
  });

  test("the third distinct user hides the task; the admin lists the reports from the first one", async () => {
    const taskId = await setup.newTask();
    const reporters = await Promise.all(["Una", "Vic", "Wes"].map((name) => setup.client.member(name)));
    const openReports = async () => {
      const response = await setup.client.call(
        "GET",
        "/api/reports?state=open&pageSize=100",
        setup.adminToken,
      );
      const page = (await response.json()) as { items: ReportListItem[] };
      return page.items.filter((item) => item.task.id === taskId);
    };
    const [first, second, third] = reporters as [Member, Member, Member];
    expect((await setup.report(taskId, first)).status).toBe(201);
    expect(await openReports()).toHaveLength(1);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    expect((await setup.report(taskId, second)).status).toBe(201);
    expect(await taskEnabled(sql(), taskId)).toBe(true);
    expect((await setup.report(taskId, third)).status).toBe(201);
    expect(await taskEnabled(sql(), taskId)).toBe(false);
    expect(await openReports()).toHaveLength(3);
  });

  test("the same user reporting again after a resolution does not count twice toward the threshold", async () => {
    const taskId = await setup.newTask();
    const [again, other] = await Promise.all(["Xia", "Yan"].map((name) => setup.client.member(name)));
    if (!again || !other) throw new Error("no members");
    const first = (await (await setup.report(taskId, again)).json()) as ReportListItem;
    const rejected = await setup.client.call("POST", `/api/reports/${first.id}/reject`, setup.adminToken, {});
    expect(rejected.status).toBe(200);
    expect((await setup.report(taskId, again)).status).toBe(201);
    expect((await setup.report(taskId, other)).status).toBe(201);
    // Two distinct users with open reports: still in play.
    expect(await taskEnabled(sql(), taskId)).toBe(true);
  });
});

describe("TASK_REPORT_THRESHOLD and TASK_REPORTS_PER_DAY", () => {
  let setup: Awaited<ReturnType<typeof setUp>>;
  startBeforeAll(
    () => setUp({ TASK_REPORT_THRESHOLD: "2", TASK_REPORTS_PER_DAY: "2" }),
    (started) => {
      setup = started;
    },
  );

  test("set the number of users that hide a task and the reports a user files a day", async () => {
    const taskId = await setup.newTask();
    const [first, second] = await Promise.all(["Abe", "Bea"].map((name) => setup.client.member(name)));
    if (!first || !second) throw new Error("no members");
    expect((await setup.report(taskId, first)).status).toBe(201);
    expect(await taskEnabled(setup.server.db.sql, taskId)).toBe(true);
    expect((await setup.report(taskId, second)).status).toBe(201);
    expect(await taskEnabled(setup.server.db.sql, taskId)).toBe(false);
    expect((await setup.report(await setup.newTask(), first)).status).toBe(201);
    expect((await setup.report(await setup.newTask(), first)).status).toBe(429);
  });
});
