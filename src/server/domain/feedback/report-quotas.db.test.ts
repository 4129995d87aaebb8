import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { postReport, postReportFrom, startWidgetSession } from "../../test-support/report-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { withTestServer } from "../../test-support/test-server-for-one-test.ts";
import { defaultReportQuotas } from "./report-quotas.ts";

const project = { "Api-Token": "demo" };

async function reportCount(server: TestServer): Promise<number> {
  const [{ total }] = await server.db.sql`SELECT count(*) AS total FROM feedback_reports`;
  return Number(total);
}

/** A refusal as the quotas answer it: 429, a Retry-After within the window, a readable `{error}`. */
async function expectQuotaRefusal(response: Response, error: string, windowSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  // A page script may read it (the widget API exposes it to CORS).
  expect(response.headers.get("access-control-expose-headers")).toContain("Retry-After");
  expect(await response.json()).toEqual({ error });
}

/**
 * Windows are fixed and aligned to the clock: a test that fills one waits out the last two seconds of
 * a window first, so its reports all land in the same one.
 */
async function clearOfWindowEnd(windowMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 2000) await Bun.sleep(left + 10);
}

const reportOf = (bytes: number) =>
  JSON.stringify({ formData: { description: "x".repeat(bytes - 32) } }).padEnd(bytes, " ");

describe("report quotas with the default limits", () => {
  const server = startedBeforeAll(() => startTestServer());

  test("a session sends 8 reports a minute; the 9th is 429 with Retry-After, other sessions go on", async () => {
    expect(defaultReportQuotas.session.reports).toBe(8);
    const session = await startWidgetSession(server.mainUrl);
    await clearOfWindowEnd(60_000);
    for (let i = 0; i < 8; i++) expect((await postReport(server.mainUrl, session)).status).toBe(201);
    const before = await reportCount(server);
    await expectQuotaRefusal(
      await postReport(server.mainUrl, session),
      "Too many reports: at most 8 per session per minute",
      60,
    );
    expect(await reportCount(server)).toBe(before);

    const other = await startWidgetSession(server.mainUrl);
    expect((await postReport(server.mainUrl, other)).status).toBe(201);
  });

  test("an invalid report counts too: its body was read and parsed all the same", async () => {
    const session = await startWidgetSession(server.mainUrl);
    await clearOfWindowEnd(60_000);
    for (let i = 0; i < 8; i++)
      expect((await postReport(server.mainUrl, session, '{"severity":"HIGH"}')).status).toBe(400);
    expect((await postReport(server.mainUrl, session)).status).toBe(429);
  });
});

describe("report quotas per client address", () => {
  const server = startedBeforeAll(() => startTestServer());

  test("one address sends 60 reports an hour, whatever its sessions; another address goes on", async () => {
    expect(defaultReportQuotas.ip.reports).toBe(60);
    // A fresh session for every few reports, as a script would start them to dodge the session quota.
    let session = await startWidgetSession(server.mainUrl);
    await clearOfWindowEnd(60 * 60_000);
    for (let i = 0; i < 60; i++) {
      if (i % 6 === 5) session = await startWidgetSession(server.mainUrl);
      const headers = i % 2 === 0 ? session : project;
      expect(`${i}: ${(await postReport(server.mainUrl, headers)).status}`).toBe(`${i}: 201`);
    }
    const fresh = await startWidgetSession(server.mainUrl);
    await expectQuotaRefusal(
      await postReport(server.mainUrl, fresh),
      "Too many reports: at most 60 per network per hour",
      3600,
    );
    await expectQuotaRefusal(
      await postReport(server.mainUrl, project),
      "Too many reports: at most 60 per network per hour",
      3600,
    );

    const elsewhere = await postReportFrom(server.mainUrl, "127.0.0.2", project, "{}");
    expect(elsewhere.status).toBe(201);
  }, 60_000); // 61 reports with their sessions: 9 s with the machine loaded, over 15 s once
});

describe("report byte quotas (lowered to reach them)", () => {
  let server: TestServer;
  const budget = 300_000;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        reportQuotas: {
          session: { reports: 100, bytes: 180_000, windowMs: 60_000 },
          project: { reports: 1000, bytes: budget, windowMs: 24 * 60 * 60 * 1000 },
        },
      },
    );
    // The tests below share the project's day.
    await clearOfWindowEnd(24 * 60 * 60 * 1000);
  }, 30_000);
  afterAll(() => server.dispose());

  test("a session's bytes: a report past what is left is refused before its body is read", async () => {
    const session = await startWidgetSession(server.mainUrl);
    await clearOfWindowEnd(60_000);
    expect((await postReport(server.mainUrl, session, reportOf(100_000))).status).toBe(201);
    await expectQuotaRefusal(
      await postReport(server.mainUrl, session, reportOf(100_000)),
      "Report quota reached: 180000 bytes per session per minute",
      60,
    );
    // What still fits is taken.
    expect((await postReport(server.mainUrl, session, reportOf(50_000))).status).toBe(201);
  });

  test("a project's bytes per day count every session and address, chunked bodies by what arrived", async () => {
    // 150,000 bytes were sent by the test before; a chunked body (no Content-Length) counts once read.
    const chunked = new Blob([reportOf(100_000)]).stream();
    const first = await postReport(server.mainUrl, await startWidgetSession(server.mainUrl), chunked);
    expect(first.status).toBe(201);
    const before = await reportCount(server);
    const refusal = "This project's report quota of 300000 bytes per day is used up";
    await expectQuotaRefusal(
      await postReport(server.mainUrl, await startWidgetSession(server.mainUrl), reportOf(60_000)),
      refusal,
      24 * 3600,
    );
    const elsewhere = await postReportFrom(server.mainUrl, "127.0.0.3", project, reportOf(60_000));
    expect(elsewhere.status).toBe(429);
    expect(JSON.parse(elsewhere.body)).toEqual({ error: refusal });
    expect(Number(elsewhere.headers["retry-after"])).toBeGreaterThan(0);
    expect(await reportCount(server)).toBe(before);
  });

  test("the quotas hold for another process over the same database (they are not kept in memory)", async () => {
    const quotas = {
      reportQuotas: { project: { reports: 1000, bytes: budget, windowMs: 24 * 60 * 60 * 1000 } },
    };
    await withTestServer(server.databaseEnv, quotas, async (second) => {
      const response = await postReport(second.mainUrl, project, reportOf(60_000));
      expect(response.status).toBe(429);
    });
  }, 30_000);
});

describe("RATE_LIMITS=0", () => {
  test("turns the report quotas off like the other limits", async () => {
    await withTestServer({ RATE_LIMITS: "0" }, {}, async (server) => {
      const session = await startWidgetSession(server.mainUrl);
      for (let i = 0; i < defaultReportQuotas.session.reports + 4; i++)
        expect((await postReport(server.mainUrl, session)).status).toBe(201);
      const [{ total }] = await server.db.sql`SELECT count(*) AS total FROM report_quota_usage`;
      expect(Number(total)).toBe(0);
    });
  }, 30_000);
});
