import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { queueMail } from "../mail/mail-outbox.ts";
import { callApi, logIn } from "../test-support/api-calls.ts";
import { demoProjectId } from "../test-support/outbound-test-support.ts";
import { type MetricFamily, parseExposition, sampleValue } from "../test-support/prometheus-exposition.ts";
import { postReport, startWidgetSession } from "../test-support/report-test-support.ts";
import { reportWebhook } from "../test-support/report-webhook.ts";
import { openStaffSocket } from "../test-support/staff-socket-client.ts";
import { startBeforeAll, startedBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { exposition } from "./prometheus-text.ts";

// Starts whole servers: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

type Families = Map<string, MetricFamily>;

async function scrape(server: TestServer): Promise<{ families: Families; text: string }> {
  const response = await fetch(server.metricsUrl ?? "");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(exposition.contentType);
  const text = await response.text();
  return { families: parseExposition(text), text };
}

const requests = (families: Families, labels: Record<string, string>) =>
  sampleValue(families, "gleam_http_requests_total", labels) ?? 0;
const value = (families: Families, name: string, labels: Record<string, string> = {}) =>
  sampleValue(families, name, labels) ?? 0;

/** Polls the scrape until `done` holds (a socket's close reaches the server a moment after the client's). */
async function scrapeUntil(server: TestServer, done: (families: Families) => boolean): Promise<Families> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { families } = await scrape(server);
    if (done(families) || Date.now() > deadline) return families;
    await Bun.sleep(20);
  }
}

const pingBody = JSON.stringify({
  time: 30,
  type: "js",
  sdkVersion: "14.6.7",
  events: [{ name: "pageView", date: new Date().toISOString(), data: { page: "https://shop.example/" } }],
});

describe("metrics of a running server (METRICS_PORT)", () => {
  const server = startedBeforeAll(() => startTestServer({ METRICS_PORT: "0" }));

  test("the listener is on loopback, apart from both origins, and answers only /metrics", async () => {
    expect(server.config.metricsHost).toBe("127.0.0.1");
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    for (const origin of [server.mainUrl, server.messengerUrl]) {
      const response = await fetch(`${origin}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("gleam_");
    }
    const elsewhere = await fetch((server.metricsUrl ?? "").replace("/metrics", "/healthz"));
    expect(elsewhere.status).toBe(404);
  });

  test("traffic moves the request counters by route pattern, never by ids, with duration histograms", async () => {
    const before = (await scrape(server)).families;
    const widget = await startWidgetSession(server.mainUrl);
    for (let ping = 0; ping < 3; ping++) {
      const response = await fetch(`${server.mainUrl}/api/widget/sessions/ping`, {
        method: "POST",
        headers: { ...widget, "Content-Type": "application/json" },
        body: pingBody,
      });
      expect(response.status).toBe(200);
    }
    const report = JSON.stringify({ formData: { description: "The checkout button does nothing" } });
    const filed = await postReport(server.mainUrl, widget, report);
    expect(filed.status).toBe(201);
    const { id: reportId } = (await filed.json()) as { id: string };
    expect((await fetch(`${server.mainUrl}/api/widget/no-such-endpoint`)).status).toBe(404);
    expect((await fetch(`${server.mainUrl}/no/such/page`)).status).toBe(404);
    const token = await logIn(server.mainUrl, "admin", "admin");
    const staff = await fetch(`${server.mainUrl}/api/feedback/${reportId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(staff.status).toBe(200);
    expect((await fetch(`${server.mainUrl}/sdk/loader.js`)).status).toBe(200);

    const { families, text } = await scrape(server);
    const moved = (labels: Record<string, string>) => requests(families, labels) - requests(before, labels);
    const main = { origin: "main" };
    expect(moved({ ...main, route: "/api/widget/sessions/ping", method: "POST", status: "200" })).toBe(3);
    expect(moved({ ...main, route: "/api/widget/sessions", method: "POST", status: "200" })).toBe(1);
    expect(moved({ ...main, route: "/api/widget/bugs/v2", method: "POST", status: "201" })).toBe(1);
    expect(moved({ ...main, route: "/api/feedback/:id", method: "GET", status: "200" })).toBe(1);
    expect(moved({ ...main, route: "other", method: "GET", status: "404" })).toBe(2);
    expect(moved({ ...main, route: "static", method: "GET", status: "200" })).toBe(1);
    // The ids of the session and the report are in no label.
    expect(text).not.toContain(reportId);
    expect(text).not.toContain(widget["Gleap-Id"] as string);
    expect(text).not.toContain("/no/such/page");

    const ping = { ...main, route: "/api/widget/sessions/ping", method: "POST" };
    const count = (families: Families) => value(families, "gleam_http_request_duration_seconds_count", ping);
    expect(count(families) - count(before)).toBe(3);
    expect(value(families, "gleam_http_request_duration_seconds_sum", ping)).toBeGreaterThan(0);
    const buckets = families
      .get("gleam_http_request_duration_seconds")
      ?.samples.filter((sample) => sample.name.endsWith("_bucket") && sample.labels.route === ping.route);
    expect(buckets?.map((sample) => sample.labels.le)).toEqual([
      ...["0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10"],
      "+Inf",
    ]);

    const accepted = { kind: "report", outcome: "accepted" };
    const reportBytes = (families: Families) => value(families, "gleam_report_bytes_total", accepted);
    expect(reportBytes(families) - reportBytes(before)).toBe(new TextEncoder().encode(report).byteLength);
    const commits = (families: Families) => value(families, "gleam_pings_committed_total");
    expect(commits(families) - commits(before)).toBe(3);
    expect(value(families, "gleam_ping_commit_duration_seconds_count")).toBeGreaterThan(0);
    expect(value(families, "gleam_ping_queue_depth")).toBe(0);
    // The report reached the admins' inbox through the fan-out.
    expect(value(families, "gleam_publish_duration_seconds_count")).toBeGreaterThan(0);
  });

  test("a refused report's bytes are counted as refused", async () => {
    const before = (await scrape(server)).families;
    const widget = await startWidgetSession(server.mainUrl);
    const body = "{ not json";
    const refused = await postReport(server.mainUrl, widget, body);
    expect(refused.status).toBe(400);
    const { families } = await scrape(server);
    const refusedBytes = (families: Families) =>
      value(families, "gleam_report_bytes_total", { kind: "report", outcome: "refused" });
    expect(refusedBytes(families) - refusedBytes(before)).toBe(body.length);
  });

  test("the socket gauge counts open widget and staff sockets and drops when they close", async () => {
    const open = (families: Families, kind: string) => value(families, "gleam_open_sockets", { kind });
    const before = (await scrape(server)).families;
    const widget = await startWidgetSession(server.mainUrl);
    const socketUrl = `${server.mainUrl.replace(/^http/, "ws")}/api/widget/ws?gleapId=${widget["Gleap-Id"]}&gleapHash=${widget["Gleap-Hash"]}&apiKey=demo`;
    const socket = new WebSocket(socketUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    const staff = await openStaffSocket(server.mainUrl, await logIn(server.mainUrl, "admin", "admin"));
    const during = await scrapeUntil(
      server,
      (families) => open(families, "staff") === open(before, "staff") + 1,
    );
    expect(open(during, "widget")).toBe(open(before, "widget") + 1);
    expect(open(during, "staff")).toBe(open(before, "staff") + 1);
    const upgrades = { origin: "main", route: "/api/widget/ws", method: "GET", status: "101" };
    expect(requests(during, upgrades) - requests(before, upgrades)).toBe(1);

    socket.close();
    staff.close();
    const after = await scrapeUntil(
      server,
      (families) =>
        open(families, "widget") === open(before, "widget") &&
        open(families, "staff") === open(before, "staff"),
    );
    expect(open(after, "widget")).toBe(open(before, "widget"));
    expect(open(after, "staff")).toBe(open(before, "staff"));
  });

  test("the outbox depth counts a queued mail; the database's size and the process's figures are read", async () => {
    const depth = (families: Families) => value(families, "gleam_mail_outbox_depth");
    const before = (await scrape(server)).families;
    await queueMail(server.db.sql, { to: "ops@example.com", subject: "Queued", body: "Waiting for SMTP." });
    const { families } = await scrape(server);
    expect(depth(families)).toBe(depth(before) + 1);
    expect(value(families, "gleam_webhook_outbox_depth")).toBe(0);
    expect(value(families, "gleam_database_size_bytes")).toBeGreaterThan(0);
    expect(value(families, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(value(families, "gleam_process_heap_used_bytes")).toBeGreaterThan(0);
    const started = value(families, "process_start_time_seconds");
    expect(started).toBeLessThanOrEqual(Date.now() / 1000);
    expect(started).toBeGreaterThan(Date.now() / 1000 - 3600);
    expect(families.get("gleam_metrics_collector_failures_total")?.samples ?? []).toEqual([]);
  });

  test("the ping log's bytes count pings answered and not folded yet, and fall back to 0 once folded (timed)", async () => {
    const bytes = (families: Families) => value(families, "gleam_ping_log_bytes");
    const widget = await startWidgetSession(server.mainUrl);
    const response = await fetch(`${server.mainUrl}/api/widget/sessions/ping`, {
      method: "POST",
      headers: { ...widget, "Content-Type": "application/json" },
      body: pingBody,
    });
    expect(response.status).toBe(200);
    const seen = bytes((await scrape(server)).families);
    // PostgreSQL writes a ping at once; on SQLite it is folded about two seconds after it came
    // (ping-log.ts), so the scrape right after sees its line.
    if (server.db.engine === "postgres") expect(seen).toBe(0);
    else expect(seen).toBeGreaterThan(100);
    const folded = await scrapeUntil(server, (families) => bytes(families) === 0);
    expect(bytes(folded)).toBe(0);
    // The fold is timed; PostgreSQL has no ping log to fold.
    const folds = value(folded, "gleam_ping_fold_duration_seconds_count");
    if (server.db.engine === "postgres") expect(folds).toBe(0);
    else {
      expect(folds).toBeGreaterThan(0);
      expect(value(folded, "gleam_pings_folded_total")).toBeGreaterThan(0);
    }
    // The event loop's lag is sampled while the listener is on.
    expect(value(folded, "gleam_event_loop_lag_seconds_count")).toBeGreaterThan(0);
  });

  test("every answer of both origins carries its X-Request-Id: API, errors, files, pages", async () => {
    const answers = await Promise.all(
      [
        `${server.mainUrl}/api/widget/sessions/ping`,
        `${server.mainUrl}/api/feedback/x`,
        `${server.mainUrl}/api/widget/ws`,
        `${server.mainUrl}/sdk/loader.js`,
        `${server.mainUrl}/assets/missing.js`,
        `${server.mainUrl}/login`,
        `${server.mainUrl}/healthz`,
        `${server.mainUrl}/readyz`,
        `${server.messengerUrl}/`,
        `${server.messengerUrl}/assets/messenger-main-abcd1234.js`,
        `${server.messengerUrl}/api/files/uploads/nothing.webm`,
        `${server.messengerUrl}/nothing`,
      ].map(async (url) => [url, (await fetch(url)).headers.get("x-request-id")] as const),
    );
    for (const [url, id] of answers)
      expect({ url, id }).toEqual({ url, id: expect.stringMatching(/^[\w-]{36}$/) });
    const chosen = await fetch(`${server.messengerUrl}/`, { headers: { "X-Request-Id": "lb-trace-0001" } });
    expect(chosen.headers.get("x-request-id")).toBe("lb-trace-0001");
  });

  test("/readyz answers 200 with each dependency's check, and is counted under its own route", async () => {
    const response = await fetch(`${server.mainUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      checks: {
        database: "ok",
        redis: process.env.TEST_REDIS_URL ? "ok" : "not configured",
        storage: "ok",
      },
      failing: [],
    });
    const { families } = await scrape(server);
    expect(requests(families, { route: "/readyz", status: "200" })).toBeGreaterThan(0);
  });
});

describe("failures of the outboxes are counted", () => {
  let server: TestServer;
  let receiver: ReturnType<typeof Bun.serve>;
  startBeforeAll(
    async () => {
      receiver = Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        fetch: () => new Response("down", { status: 500 }),
      });
      // A port nothing listens on: every mail is refused by the connection.
      const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
      const smtpPort = closed.port;
      await closed.stop(true);
      const started = await startTestServer(
        { METRICS_PORT: "0", WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
        {
          mailDispatchMs: 50,
          // Tries every 50–100 ms for 4 s: a retry comes before the give-up unless the first try fails
          // more than 4 s after the report (on a loaded machine it once failed 1.5 s after).
          webhookDispatch: { baseMs: 50, maxDelayMs: 100, giveUpAfterMs: 4000, pollMs: 50 },
        },
      );
      return {
        started,
        async dispose() {
          await started.dispose();
          await receiver.stop(true);
        },
      };
    },
    ({ started }) => {
      server = started;
    },
  );

  test("a refused mail and a webhook's failed tries move their counters; the outboxes empty", async () => {
    const token = await logIn(server.mainUrl, "admin", "admin");
    const projectId = await demoProjectId(server.db.sql);
    const webhook = await callApi(
      server.mainUrl,
      "POST",
      `/api/projects/${projectId}/webhooks`,
      reportWebhook(`http://127.0.0.1:${receiver.port}/hook`, "Always down"),
      token,
    );
    expect(webhook.status).toBe(201);
    const filed = await postReport(server.mainUrl, await startWidgetSession(server.mainUrl), "{}");
    expect(filed.status).toBe(201);
    await queueMail(server.db.sql, { to: "ops@example.com", subject: "Refused", body: "No SMTP there." });

    const failures = (families: Families, outcome: string) =>
      value(families, "gleam_webhook_failures_total", { outcome });
    // The counters move as a try fails; the row leaves its outbox just after, so a scrape in between
    // sees the failure counted and the outbox not yet empty.
    const families = await scrapeUntil(
      server,
      (families) =>
        failures(families, "gave_up") === 1 &&
        value(families, "gleam_mail_failures_total") === 1 &&
        value(families, "gleam_webhook_outbox_depth") === 0 &&
        value(families, "gleam_mail_outbox_depth") === 0,
    );
    expect(failures(families, "retry")).toBeGreaterThanOrEqual(1);
    expect(failures(families, "gave_up")).toBe(1);
    expect(value(families, "gleam_mail_failures_total")).toBe(1);
    expect(value(families, "gleam_webhook_outbox_depth")).toBe(0);
    expect(value(families, "gleam_mail_outbox_depth")).toBe(0);
  });
});
