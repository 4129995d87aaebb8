import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AdminWebhook, WebhookDelivery, WebhookDeliveryList } from "../../../shared/webhooks-api.ts";
import { type Resolve, systemResolve } from "../../domain/webhooks/webhook-target.ts";
import { callApi, logIn } from "../../test-support/api-calls.ts";
import { demoProjectId } from "../../test-support/outbound-test-support.ts";
import { readUntil } from "../../test-support/read-until.ts";
import { reportWebhook } from "../../test-support/report-webhook.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/**
 * Webhooks reach public addresses only, through the running server: an internal or local address in
 * any spelling is a 400 when a webhook is saved, a name that resolves to one is refused when a delivery
 * is sent (failed at once, with the reason), and `WEBHOOK_ALLOWED_HOSTS` lets a developer point a
 * webhook at a receiver on their own machine. The receiver this file starts listens on 127.0.0.1.
 */

interface Received {
  path: string;
  host: string | null;
}

const received: Received[] = [];
let receiver: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, host: request.headers.get("host") });
      if (path === "/moved") return Response.redirect(`http://127.0.0.1:${receiver.port}/inside`, 302);
      if (path === "/noisy")
        return new Response(`Internal\u001b[0m error\r\n\u202Eraw dump: ${"secret-line ".repeat(100)}`, {
          status: 500,
        });
      return new Response(`ok ${path}`);
    },
  });
});
afterAll(() => receiver.stop(true));

/** Names under `.example.test` resolve to loopback here (the world's edge); others as usual. */
const resolve: Resolve = async (host) =>
  host.endsWith(".example.test") ? [{ address: "127.0.0.1", family: 4 }] : systemResolve(host);

const dispatch = { baseMs: 100, maxDelayMs: 400, pollMs: 50, resolve };

interface Admin {
  server: TestServer;
  token: string;
  projectId: string;
}

/** A test server with the admin signed in; `env` is the operator's settings. */
function adminOn(env: Record<string, string>) {
  const admin = {} as Admin;
  startBeforeAll(
    () => startTestServer(env, { webhookDispatch: dispatch }),
    async (server) => {
      admin.server = server;
      admin.token = await logIn(server.mainUrl, "admin@example.com", "admin");
      admin.projectId = await demoProjectId(server.db.sql);
    },
  );
  return admin;
}

/** The server as shipped: no exceptions. */
const strict = adminOn({});
/** A developer's server: their own machine's name allowed. */
const local = adminOn({ WEBHOOK_ALLOWED_HOSTS: "localhost" });

const api = (on: Admin, method: string, path: string, body?: unknown) =>
  callApi(on.server.mainUrl, method, `/api/projects/${on.projectId}/webhooks${path}`, body, on.token);

async function created(on: Admin, url: string): Promise<AdminWebhook> {
  const answer = await api(on, "POST", "", reportWebhook(url));
  expect(`${answer.status} ${url}`).toBe(`201 ${url}`);
  return (await answer.json()) as AdminWebhook;
}

const deliveries = async (on: Admin, id: string) =>
  ((await (await api(on, "GET", `/${id}/deliveries`)).json()) as WebhookDeliveryList).items;

/** Sends a test and waits until the delivery is no longer waiting for its first try. */
async function testedOnce(on: Admin, webhook: AdminWebhook): Promise<WebhookDelivery> {
  expect((await api(on, "POST", `/${webhook.id}/test`)).status).toBe(202);
  const [delivery] = await readUntil(
    () => deliveries(on, webhook.id),
    (list) => (list[0]?.attempts ?? 0) >= 1,
  );
  if (!delivery) throw new Error("no delivery");
  return delivery;
}

const at = (path: string) => received.filter((entry) => entry.path === path);

describe("saving a webhook", () => {
  test("an internal or local address, in any spelling, is a 400 naming the url; nothing is written", async () => {
    const [{ n: before }] = await strict.server.db.sql`SELECT count(*) AS n FROM webhooks`;
    const ownApi = `${strict.server.mainUrl}/api/projects/${strict.projectId}/webhooks`;
    for (const url of [
      `http://127.0.0.1:${receiver.port}/in`,
      ownApi,
      "http://localhost:3000/",
      "http://LOCALHOST./",
      "http://app.localhost/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::1]/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://0.0.0.0/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://10.0.0.1/",
      "http://192.168.0.10/",
      "http://100.64.0.1/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://metadata/",
    ]) {
      const answer = await api(strict, "POST", "", reportWebhook(url));
      const error = (await answer.json()) as { error: string; field?: string };
      expect([url, answer.status, error.field]).toEqual([url, 400, "url"]);
      expect(error.error).toMatch(/^url must not point at an internal or local address \(.+\)/);
    }
    const [{ n: after }] = await strict.server.db.sql`SELECT count(*) AS n FROM webhooks`;
    expect(Number(after)).toBe(Number(before));

    const answer = await api(strict, "POST", "", reportWebhook("http://0x7f.1/"));
    expect(((await answer.json()) as { error: string }).error).toBe(
      "url must not point at an internal or local address (127.0.0.1 is a loopback address); webhooks reach public addresses only",
    );
  });

  test("changing a webhook to an internal address is refused the same way and changes nothing", async () => {
    const webhook = await created(strict, "https://hooks.example.com/in");
    const answer = await api(
      strict,
      "PUT",
      `/${webhook.id}`,
      reportWebhook("http://169.254.169.254/latest/"),
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { field?: string }).field).toBe("url");
    const kept = (await (await api(strict, "GET", `/${webhook.id}`)).json()) as AdminWebhook;
    expect(kept.url).toBe("https://hooks.example.com/in");
  });

  test("WEBHOOK_ALLOWED_HOSTS allows what it lists, and nothing else", async () => {
    await created(local, `http://localhost:${receiver.port}/allowed`);
    expect((await api(local, "POST", "", reportWebhook(`http://127.0.0.1:${receiver.port}/in`))).status).toBe(
      400,
    );
    expect((await api(local, "POST", "", reportWebhook("http://169.254.169.254/"))).status).toBe(400);
  });
});

describe("sending a delivery", () => {
  test("a name that resolves to loopback is refused: failed at once with the reason, nothing sent", async () => {
    const webhook = await created(strict, `http://receiver.example.test:${receiver.port}/rebound`);
    const delivery = await testedOnce(strict, webhook);
    expect(delivery).toMatchObject({
      state: "failed",
      attempts: 1,
      lastStatus: null,
      lastResponse: null,
      nextAttemptAt: null,
      lastError:
        "Refused: receiver.example.test resolves to 127.0.0.1, a loopback address; webhooks reach public addresses only",
    });
    expect(at("/rebound")).toHaveLength(0);
  });

  test("a local address saved before the rule (or written to the database) is refused when sent", async () => {
    const webhook = await created(strict, "https://hooks.example.com/old");
    await strict.server.db.sql`UPDATE webhooks SET url = ${`http://localhost:${receiver.port}/old`}
      WHERE id = ${webhook.id}`;
    const delivery = await testedOnce(strict, webhook);
    expect(delivery).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError:
        "Refused: localhost names this server or a cloud metadata service; webhooks reach public addresses only",
    });
    expect(at("/old")).toHaveLength(0);
  });

  test("with WEBHOOK_ALLOWED_HOSTS=localhost a receiver on the developer's machine gets it", async () => {
    const webhook = await created(local, `http://localhost:${receiver.port}/dev`);
    const delivery = await testedOnce(local, webhook);
    expect(delivery).toMatchObject({
      state: "delivered",
      lastStatus: 200,
      lastResponse: "ok /dev",
      lastError: null,
    });
    expect(at("/dev")).toEqual([{ path: "/dev", host: `localhost:${receiver.port}` }]);
  });

  test("a redirect is not followed, and the log keeps its status", async () => {
    const webhook = await created(local, `http://localhost:${receiver.port}/moved`);
    const delivery = await testedOnce(local, webhook);
    expect(delivery).toMatchObject({ state: "pending", lastStatus: 302 });
    expect(at("/inside")).toHaveLength(0);
  });

  test("the log keeps at most 200 printable characters of the receiver's answer", async () => {
    const webhook = await created(local, `http://localhost:${receiver.port}/noisy`);
    const delivery = await testedOnce(local, webhook);
    expect(delivery.lastStatus).toBe(500);
    const kept = delivery.lastResponse ?? "";
    expect(kept.startsWith("Internal [0m error raw dump: secret-line secret-line")).toBe(true);
    expect(Array.from(kept)).toHaveLength(200);
    expect(kept.endsWith("…")).toBe(true);
    expect(kept).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});
