import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { ConversationMessage } from "../../../shared/conversations-api.ts";
import {
  type AdminWebhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEnvelope,
  type WebhookList,
  webhookHeaders,
} from "../../../shared/webhooks-api.ts";
import { verifyWebhook } from "../../domain/webhooks/webhook-signature.ts";
import { callApi, logIn } from "../../test-support/api-calls.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { call, demoProjectId, startSession } from "../../test-support/outbound-test-support.ts";
import { readUntil } from "../../test-support/read-until.ts";
import { reportWebhook } from "../../test-support/report-webhook.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/**
 * Webhooks through the running server, delivered to a receiver this file starts:
 * each event reaches it signed, a 500 is tried again with backoff until it is answered, retries end
 * after the (shortened) give-up time, and bad input is a 400 that writes nothing.
 */

interface Received {
  path: string;
  headers: Headers;
  body: string;
}

const received: Received[] = [];
/** How many times each path has answered 500 before it answers 200; "always" never does. */
const failures = new Map<string, number>();
/** While set, the dispatcher's clock stands at this time: a retry waits until a test lets it go on. */
let clockStoppedAt: number | null = null;
/** Paths whose first request stops the dispatcher's clock (see `clockStoppedAt`). */
const stopClockAt = new Set<string>();
let receiver: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (stopClockAt.delete(path)) clockStoppedAt = Date.now();
      received.push({ path, headers: request.headers, body: await request.text() });
      if (path === "/always-down") return new Response("Service down for maintenance", { status: 500 });
      const left = failures.get(path) ?? 0;
      if (left > 0) {
        failures.set(path, left - 1);
        return new Response("try later", { status: 500 });
      }
      return new Response(`ok ${path}`, { status: 200 });
    },
  });
});
afterAll(() => receiver.stop(true));

let server: TestServer;
let token: string;
let projectId: string;

const giveUpAfterMs = 1500;
/** How far the dispatcher's clock is ahead of the real one: a test moves it past a retry window. */
let clockAhead = 0;
/** How often the dispatcher has read its clock: once per read of the queue, and once per try. */
let clockReads = 0;
afterEach(() => {
  clockAhead = 0;
  clockStoppedAt = null;
});

startBeforeAll(
  () =>
    startTestServer(
      // The receiver is on loopback, which webhooks reach only where the operator allows it.
      { WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" },
      // Milliseconds instead of minutes: tries at 0, 100, 300, 700 ms…, none after 1.5 s.
      {
        webhookDispatch: {
          baseMs: 100,
          maxDelayMs: 400,
          giveUpAfterMs,
          pollMs: 50,
          now: () => {
            clockReads++;
            return new Date((clockStoppedAt ?? Date.now()) + clockAhead);
          },
        },
      },
    ),
  async (started) => {
    server = started;
    token = await logIn(server.mainUrl, "admin@example.com", "admin");
    projectId = await demoProjectId(server.db.sql);
  },
);

const api = (method: string, path: string, body?: unknown) =>
  callApi(server.mainUrl, method, `/api/projects/${projectId}/webhooks${path}`, body, token);

async function expectJson<T>(response: Promise<Response>, status: number): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(`${answer.status} ${text}`.slice(0, 4)).toBe(`${status} `);
  return (text === "" ? null : JSON.parse(text)) as T;
}

const receiverUrl = (path: string) => `http://127.0.0.1:${receiver.port}${path}`;

const create = (path: string, events: string[], enabled = true) =>
  expectJson<AdminWebhook>(
    api("POST", "", { url: receiverUrl(path), description: `Receiver ${path}`, events, enabled }),
    201,
  );

const deliveries = (webhookId: string) =>
  expectJson<WebhookDeliveryList>(api("GET", `/${webhookId}/deliveries`), 200).then((list) => list.items);

const at = (path: string) => received.filter((entry) => entry.path === path);

/** The one request `path` received, checked as a receiver would: signature, timestamp, event. */
async function signedDelivery<E extends WebhookEnvelope["type"]>(
  path: string,
  webhook: AdminWebhook,
  type: E,
): Promise<WebhookEnvelope<E>> {
  const [entry] = await readUntil(
    () => at(path),
    (list) => list.length > 0,
  );
  if (!entry) throw new Error("no delivery");
  const timestamp = Number(entry.headers.get(webhookHeaders.timestamp));
  expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(30);
  const signature = entry.headers.get(webhookHeaders.signature) ?? "";
  expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(verifyWebhook(webhook.secret, timestamp, entry.body, signature)).toBe(true);
  // Another secret, or the same body sent with another timestamp, does not verify.
  expect(verifyWebhook("whsec_other", timestamp, entry.body, signature)).toBe(false);
  expect(verifyWebhook(webhook.secret, timestamp + 1, entry.body, signature)).toBe(false);
  expect(entry.headers.get("content-type")).toBe("application/json");
  expect(entry.headers.get(webhookHeaders.event)).toBe(type);
  const envelope = JSON.parse(entry.body) as WebhookEnvelope<E>;
  expect(envelope).toMatchObject({ type, projectId });
  expect(typeof envelope.id).toBe("string");
  return envelope;
}

describe("writing webhooks", () => {
  test("created with a server-made secret, listed, read, changed and deleted; each write audited", async () => {
    const made = await create("/crud", ["survey.answered", "report.created", "report.created"]);
    expect(made).toMatchObject({
      projectId,
      url: receiverUrl("/crud"),
      description: "Receiver /crud",
      // In the product's order, once each.
      events: ["report.created", "survey.answered"],
      enabled: true,
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await expectJson<WebhookList>(api("GET", ""), 200);
    expect(list.items.map((item) => item.id)).toContain(made.id);
    expect(await expectJson<AdminWebhook>(api("GET", `/${made.id}`), 200)).toEqual(made);

    const changed = await expectJson<AdminWebhook>(
      api("PUT", `/${made.id}`, {
        url: "https://hooks.example.com/in",
        description: "",
        events: ["conversation.message"],
        enabled: false,
      }),
      200,
    );
    expect(changed).toMatchObject({
      url: "https://hooks.example.com/in",
      events: ["conversation.message"],
      enabled: false,
      secret: made.secret,
    });
    expect((await api("DELETE", `/${made.id}`)).status).toBe(204);
    expect((await api("GET", `/${made.id}`)).status).toBe(404);
    expect(await auditActions(server.db.sql, made.id)).toEqual([
      "webhook.create",
      "webhook.update",
      "delete",
    ]);
    // The secret stays out of the log.
    const details = await server.db.sql`SELECT details FROM audit_log WHERE entity = ${"webhook"}`;
    for (const row of details) expect(String(row.details)).not.toContain(made.secret);
  });

  test("a bad address, no events, an unknown event or a missing field is a 400 that writes nothing", async () => {
    const [{ n: before }] = await server.db.sql`SELECT count(*) AS n FROM webhooks`;
    const valid = reportWebhook("https://hooks.example.com/in");
    for (const [body, field] of [
      [{ ...valid, url: "javascript:alert(1)" }, "url"],
      [{ ...valid, url: "ftp://files.example.com/in" }, "url"],
      [{ ...valid, url: "/relative/path" }, "url"],
      [{ ...valid, url: "http://" }, "url"],
      [{ ...valid, url: " https://hooks.example.com/in" }, "url"],
      [{ ...valid, events: [] }, "events"],
      [{ ...valid, events: ["report.deleted"] }, "events.0"],
      [{ ...valid, description: "x".repeat(201) }, "description"],
      [{ url: valid.url, events: valid.events, description: "" }, "enabled"],
    ] as const) {
      const answer = await api("POST", "", body);
      expect(answer.status).toBe(400);
      const error = (await answer.json()) as { error: string; field?: string };
      expect(error.field).toBe(field);
      expect(error.error).not.toBe("");
    }
    expect((await api("POST", "", "{not json")).status).toBe(400);
    const [{ n: after }] = await server.db.sql`SELECT count(*) AS n FROM webhooks`;
    expect(Number(after)).toBe(Number(before));
  });

  test("an unknown project or webhook is a 404; nobody signed in is refused (the matrix checks every caller)", async () => {
    const unknownProject = await callApi(
      server.mainUrl,
      "POST",
      "/api/projects/no-such-project/webhooks",
      reportWebhook("https://hooks.example.com/in"),
      token,
    );
    expect(unknownProject.status).toBe(404);
    expect((await api("POST", "/no-such-webhook/test")).status).toBe(404);
    expect((await api("GET", "/no-such-webhook/deliveries")).status).toBe(404);
    expect((await api("PUT", "/no-such-webhook", reportWebhook("https://hooks.example.com/in"))).status).toBe(
      404,
    );
    const anonymous = await callApi(
      server.mainUrl,
      "GET",
      `/api/projects/${projectId}/webhooks`,
      undefined,
      null,
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("deliveries", () => {
  test("a new report and its triage reach report.* webhooks, signed, with the report", async () => {
    const webhook = await create("/reports", ["report.created", "report.updated"]);
    const response = await fetch(`${server.mainUrl}/api/widget/bugs/v2`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      body: JSON.stringify({ formData: { description: "The save button does nothing" } }),
    });
    expect(response.status).toBe(201);
    const { id: reportId } = (await response.json()) as { id: string };
    const created = await signedDelivery("/reports", webhook, "report.created");
    expect(created.data.report).toMatchObject({
      id: reportId,
      projectId,
      title: "The save button does nothing",
      status: "OPEN",
    });
    expect(created.data.report).not.toHaveProperty("unread");

    const patched = await callApi(
      server.mainUrl,
      "PATCH",
      `/api/feedback/${reportId}`,
      { status: "DONE" },
      token,
    );
    expect(patched.status).toBe(200);
    const updated = await readUntil(
      () => at("/reports").map((entry) => JSON.parse(entry.body) as WebhookEnvelope),
      (list) => list.some((envelope) => envelope.type === "report.updated"),
    );
    expect(updated.find((envelope) => envelope.type === "report.updated")?.data).toMatchObject({
      report: { id: reportId, status: "DONE" },
    });
    const log = await readUntil(
      () => deliveries(webhook.id),
      (list) => list.length === 2 && list.every((entry) => entry.state === "delivered"),
    );
    expect(log[0]).toMatchObject({
      event: "report.updated",
      attempts: 1,
      lastStatus: 200,
      lastResponse: "ok /reports",
    });
  });

  test("a visitor's message and a staff reply reach conversation.message; survey answers reach survey.answered", async () => {
    const webhook = await create("/talk", ["conversation.message", "survey.answered"]);
    const visitor = await startSession(server.mainUrl);
    const started = await call(server.mainUrl, visitor, "POST", "/conversations", {
      text: "Is anyone there?",
    });
    expect(started.status).toBe(201);
    const { shareToken } = (await started.json()) as { shareToken: string };
    const visitorMessage = await signedDelivery("/talk", webhook, "conversation.message");
    expect(visitorMessage.data.message).toMatchObject({ author: "visitor", text: "Is anyone there?" });

    const [conversation] = await server.db
      .sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
    expect(visitorMessage.data.conversation).toMatchObject({
      id: conversation.id,
      projectId,
      status: "open",
    });
    const reply = await callApi(
      server.mainUrl,
      "POST",
      `/api/projects/${projectId}/conversations/${conversation.id}/messages`,
      { text: "Yes, we are here." },
      token,
    );
    expect(reply.status).toBe(201);
    const messages = await readUntil(
      () =>
        at("/talk")
          .map((entry) => JSON.parse(entry.body) as WebhookEnvelope<"conversation.message">)
          .map((envelope) => envelope.data.message as ConversationMessage),
      (list) => list.length === 2,
    );
    expect(messages[1]).toMatchObject({ author: "staff", text: "Yes, we are here." });

    const survey = await expectJson<{ id: string }>(
      callApi(
        server.mainUrl,
        "POST",
        `/api/projects/${projectId}/surveys`,
        {
          title: "Webhook survey",
          status: "live",
          questions: [{ id: "nps", type: "nps", title: "Recommend?" }],
        },
        token,
      ),
      201,
    );
    const answered = await call(server.mainUrl, visitor, "POST", `/surveys/${survey.id}/answers`, {
      answers: { nps: 9 },
    });
    expect(answered.status).toBe(201);
    const { id: answerId } = (await answered.json()) as { id: string };
    const surveyEvent = await readUntil(
      () =>
        at("/talk")
          .map((entry) => JSON.parse(entry.body) as WebhookEnvelope)
          .find((envelope) => envelope.type === "survey.answered"),
      (found) => found !== undefined,
    );
    expect(surveyEvent?.data).toMatchObject({
      survey: { id: survey.id, title: "Webhook survey" },
      answerId,
      answers: { nps: 9 },
    });
  });

  test("a webhook that does not listen, or is disabled, gets no event; its test still goes out", async () => {
    const quiet = await create("/quiet", ["survey.answered"]);
    const off = await create("/off", ["report.created"], false);
    const response = await fetch(`${server.mainUrl}/api/widget/bugs/v2`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      body: JSON.stringify({ formData: { description: "Nobody listening here" } }),
    });
    expect(response.status).toBe(201);
    const test = await expectJson<WebhookDelivery>(api("POST", `/${off.id}/test`), 202);
    // As it stands when answered: the dispatcher may have sent it already.
    expect(test).toMatchObject({ event: "webhook.test", webhookId: off.id });
    const delivered = await signedDelivery("/off", off, "webhook.test");
    expect(delivered.data).toMatchObject({ webhookId: off.id });
    expect(at("/off")).toHaveLength(1);
    expect(await deliveries(quiet.id)).toEqual([]);
    expect(at("/quiet")).toHaveLength(0);
  });

  test("a 500 is tried again with backoff until a 2xx; the log shows the attempts and the last answer", async () => {
    failures.set("/flaky", 2);
    const webhook = await create("/flaky", ["report.created"]);
    // The clock stops as the first try arrives: the retry is not due until it goes on, so the pending
    // state is seen however slowly this machine polls.
    stopClockAt.add("/flaky");
    const queued = await expectJson<WebhookDelivery>(api("POST", `/${webhook.id}/test`), 202);
    const pending = await readUntil(
      () => deliveries(webhook.id),
      (list) => (list[0]?.attempts ?? 0) >= 1,
    );
    expect(pending[0]).toMatchObject({
      attempts: 1,
      state: "pending",
      lastStatus: 500,
      lastResponse: "try later",
    });
    expect(pending[0]?.nextAttemptAt).not.toBeNull();
    clockStoppedAt = null;
    const [done] = await readUntil(
      () => deliveries(webhook.id),
      (list) => list[0]?.state === "delivered",
    );
    expect(done).toMatchObject({
      id: queued.id,
      attempts: 3,
      lastStatus: 200,
      lastResponse: "ok /flaky",
      lastError: null,
      nextAttemptAt: null,
    });
    expect(done?.lastDurationMs).toBeGreaterThanOrEqual(0);
    // The same delivery, body and id each time; a fresh timestamp and signature per try.
    const tries = at("/flaky");
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((entry) => entry.body)).size).toBe(1);
    expect(new Set(tries.map((entry) => entry.headers.get(webhookHeaders.delivery)))).toEqual(
      new Set([queued.id]),
    );
    const times = tries.map((entry) => Number(entry.headers.get(webhookHeaders.timestamp)));
    for (const [index, entry] of tries.entries())
      expect(
        verifyWebhook(
          webhook.secret,
          times[index] ?? 0,
          entry.body,
          entry.headers.get(webhookHeaders.signature) ?? "",
        ),
      ).toBe(true);
  });

  test("a receiver that never answers 2xx is failed for good once the retry window ends", async () => {
    const webhook = await create("/always-down", ["report.created"]);
    await expectJson<WebhookDelivery>(api("POST", `/${webhook.id}/test`), 202);
    // Tried again with backoff; then the dispatcher's clock moves past the retry window instead of
    // the test waiting it out.
    await readUntil(
      () => deliveries(webhook.id),
      (list) => (list[0]?.attempts ?? 0) >= 3,
    );
    clockAhead = giveUpAfterMs;
    const [failed] = await readUntil(
      () => deliveries(webhook.id),
      (list) => list[0]?.state === "failed",
    );
    expect(failed).toMatchObject({
      lastStatus: 500,
      lastResponse: "Service down for maintenance",
      nextAttemptAt: null,
    });
    expect(failed?.attempts).toBeGreaterThanOrEqual(3);
    const tried = at("/always-down").length;
    // Nothing is due any more, so each later pass reads the clock once: two reads from now mean a
    // whole pass ran after the failure.
    const reads = clockReads;
    await readUntil(
      () => clockReads,
      (count) => count >= reads + 2,
    );
    expect(at("/always-down")).toHaveLength(tried);
  });

  test("a receiver that refuses the connection is logged with the reason and retried", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    const made = await expectJson<AdminWebhook>(
      api("POST", "", reportWebhook(`http://127.0.0.1:${port}/gone`)),
      201,
    );
    await api("POST", `/${made.id}/test`);
    const [entry] = await readUntil(
      () => deliveries(made.id),
      (list) => (list[0]?.attempts ?? 0) >= 1,
    );
    expect(entry?.lastStatus).toBeNull();
    expect(entry?.lastError).not.toBeNull();
  });
});
