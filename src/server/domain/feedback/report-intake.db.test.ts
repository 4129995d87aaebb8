import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openReportRequest, postReport } from "../../test-support/report-test-support.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { busyRetryAfterSeconds, createReportIntake, defaultReportIntakeLimits } from "./report-intake.ts";
import { createReportParserPool } from "./report-parser-pool.ts";
import { ReportRefused } from "./report-refused.ts";

const mb = 1024 * 1024;

describe("the report intake (a semaphore over body bytes)", () => {
  test("admits reports while their bytes fit, then queues them first come first served", async () => {
    const intake = createReportIntake({
      budgetBytes: 10 * mb,
      maxWaiting: 4,
      maxWaitMs: 5_000,
      bodyDeadlineMs: 1,
    });
    const big = await intake.enter(6 * mb);
    const small = await intake.enter(3 * mb);
    expect(intake.load).toEqual({ admittedBytes: 9 * mb, admitted: 2, waiting: 0 });

    const order: string[] = [];
    const admitted = (name: string) => (leave: () => void) => {
      order.push(name);
      return leave;
    };
    const third = intake.enter(6 * mb).then(admitted("third"));
    // Fits the budget, but waits behind the third: a large report is not overtaken for ever.
    const tiny = intake.enter(1).then(admitted("tiny"));
    await Bun.sleep(10);
    expect(intake.load.waiting).toBe(2);
    small();
    await Bun.sleep(10);
    expect(order).toEqual([]);
    big();
    (await third)();
    (await tiny)();
    expect(order).toEqual(["third", "tiny"]);
    expect(intake.load).toEqual({ admittedBytes: 0, admitted: 0, waiting: 0 });
  });

  test("past the queue, or past the wait, a report is refused with 503 and Retry-After", async () => {
    const intake = createReportIntake({ budgetBytes: mb, maxWaiting: 1, maxWaitMs: 50, bodyDeadlineMs: 1 });
    const held = await intake.enter(mb);
    const waiting = intake.enter(mb);
    const refusal = await intake.enter(1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ReportRefused);
    expect((refusal as ReportRefused).status).toBe(503);
    expect((refusal as ReportRefused).retryAfterSeconds).toBe(busyRetryAfterSeconds);
    expect(await waiting.catch((error: unknown) => (error as ReportRefused).status)).toBe(503);
    held();
    expect(intake.load).toEqual({ admittedBytes: 0, admitted: 0, waiting: 0 });
  });

  test("a body larger than the whole budget still gets in, alone", async () => {
    const intake = createReportIntake({
      budgetBytes: mb,
      maxWaiting: 1,
      maxWaitMs: 1_000,
      bodyDeadlineMs: 1,
    });
    const leave = await intake.enter(5 * mb);
    expect(intake.load.admitted).toBe(1);
    leave();
  });
});

describe("the report parser threads", () => {
  test("parse at most `threads` reports at once, each answered with its own result", async () => {
    const pool = createReportParserPool({ threads: 2, idleMs: 60_000 });
    try {
      const body = (i: number) => new TextEncoder().encode(JSON.stringify({ tags: [`report-${i}`] }));
      let most = 0;
      const sampler = setInterval(() => {
        most = Math.max(most, pool.load.parsing);
      }, 1);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.parse(body(i))));
      clearInterval(sampler);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2);
      expect(results.map((result) => (result.ok ? JSON.parse(result.report.row.tags) : result))).toEqual(
        Array.from({ length: 8 }, (_, i) => [`report-${i}`]),
      );
      const invalid = await pool.parse(new TextEncoder().encode('{"severity":"HIGH"}'));
      expect(invalid).toEqual({ ok: false, status: 400, error: "Unknown field severity", field: "severity" });
    } finally {
      pool.close();
    }
  });

  test("an idle thread ends, and the next report starts one again", async () => {
    const pool = createReportParserPool({ threads: 1, idleMs: 20 });
    try {
      expect((await pool.parse(new TextEncoder().encode("{}"))).ok).toBe(true);
      await Bun.sleep(100);
      expect(pool.load.threads).toBe(0);
      expect((await pool.parse(new TextEncoder().encode("{}"))).ok).toBe(true);
    } finally {
      pool.close();
    }
  });

  test("the threads kept when idle stay for the next report, the others end, and closing ends them all", async () => {
    // An idle time long enough that no thread ends before the count below, even on a loaded machine.
    const pool = createReportParserPool({ threads: 2, idleMs: 1500, keepIdle: 1 });
    const body = () => new TextEncoder().encode("{}");
    try {
      await Promise.all([pool.parse(body()), pool.parse(body())]);
      expect(pool.load.threads).toBe(2);
      // Past the idle time: one ends, the kept one stays however long it waits.
      for (let waited = 0; pool.load.threads > 1 && waited < 6_000; waited += 10) await Bun.sleep(10);
      await Bun.sleep(1600);
      expect(pool.load.threads).toBe(1);
      expect((await pool.parse(body())).ok).toBe(true);
      expect(pool.load.threads).toBe(1);
    } finally {
      pool.close();
    }
    expect(pool.load.threads).toBe(0);
  });
});

/** The median time of five /healthz requests, so one probe the shared test machine delays does not decide. */
async function healthzMedianMs(baseUrl: string): Promise<number> {
  const probes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const probe = performance.now();
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    probes.push(performance.now() - probe);
  }
  return probes.sort((a, b) => a - b)[2] as number;
}

describe("POST /api/widget/bugs/v2 under a flood of slow bodies (RATE_LIMITS=0: only the intake holds)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: "0" });
  }, 30_000);
  afterAll(() => server.dispose());

  test("two 17 MB bodies are received at once, 16 wait, the next is 503 at once; /healthz stays quick", async () => {
    const size = 17 * mb;
    const fitting = Math.floor(defaultReportIntakeLimits.budgetBytes / size);
    expect(fitting).toBe(2);
    // How quick /healthz is on this machine right now, before the flood: the bound below scales with it
    // (a loaded test machine answers everything slower, flood or not).
    const calm = await healthzMedianMs(server.mainUrl);
    const slow = Array.from({ length: fitting + defaultReportIntakeLimits.maxWaiting }, () =>
      openReportRequest(server.mainUrl, { "Api-Token": "demo" }, { contentLength: size }),
    );
    try {
      // A byte at a time keeps the connections alive without ever finishing a body.
      const trickle = setInterval(() => {
        for (const request of slow) request.send(" ").catch(() => undefined);
      }, 200);
      try {
        // Every slow request written and given time to be taken in (a loaded machine's handlers start
        // late); only then is the queue known to be full.
        await Promise.all(slow.map((request) => request.send(" ")));
        await Bun.sleep(1500);
        const started = performance.now();
        const refused = await postReport(server.mainUrl, { "Api-Token": "demo" });
        expect(performance.now() - started).toBeLessThan(1000);
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe(String(busyRetryAfterSeconds));
        expect(((await refused.json()) as { error: string }).error).toContain("too many reports");

        expect(await healthzMedianMs(server.mainUrl)).toBeLessThan(Math.max(100, 4 * calm));
      } finally {
        clearInterval(trickle);
      }
    } finally {
      for (const request of slow) request.close();
    }
    // The dropped bodies leave the intake, and the next report is taken. Until they have left, a report
    // may still find the queue full (503 at once); it is sent again, as the widget does.
    const deadline = Date.now() + 3000;
    let after = await postReport(server.mainUrl, { "Api-Token": "demo" });
    while (after.status === 503 && Date.now() < deadline) {
      await Bun.sleep(20);
      after = await postReport(server.mainUrl, { "Api-Token": "demo" });
    }
    expect(after.status).toBe(201);
  });
});
