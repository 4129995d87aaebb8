import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { RedisClient, SQL } from "bun";
import type { Conversation } from "../shared/conversations-api.ts";
import type { FeatureRequest } from "../shared/feature-requests-api.ts";
import type { AdminWebhook } from "../shared/webhooks-api.ts";
import { createLogger } from "./logger.ts";
import { queueMail } from "./mail/mail-outbox.ts";
import { createRedisWidgetSocketCounts } from "./realtime/redis-widget-socket-counts.ts";
import type { ServerOptions } from "./server.ts";
import { callApi } from "./test-support/api-calls.ts";
import {
  call,
  demoProjectId,
  sessionHeaders,
  startSession,
  type TestSession,
} from "./test-support/outbound-test-support.ts";
import { postgresPassUrl } from "./test-support/postgres-pass.ts";
import { startRedis } from "./test-support/redis-process.ts";
import { postReport, startWidgetSession } from "./test-support/report-test-support.ts";
import { reportWebhook } from "./test-support/report-webhook.ts";
import { type FakeS3, startFakeS3 } from "./test-support/s3rver.ts";
import { startSmtpCatcher } from "./test-support/smtp-catcher.ts";
import { readStdoutUntil } from "./test-support/stdout-until.ts";
import { freshPostgresDatabase, startTestServer, type TestServer } from "./test-support/test-server.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";
import { until } from "./test-support/until.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * Three servers on one PostgreSQL, one Redis and one S3 bucket, as behind a balancer: every limit,
 * quota and cap counts once over all of them (spent part on each node, it is spent), what one stores
 * the others serve, and an outbox mail goes out once however many nodes send mail. The database is a
 * fresh one in the cluster of `TEST_DATABASE_URL`: this runs in npm test's PostgreSQL pass only.
 */
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let s3: FakeS3;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
let hooks: ReturnType<typeof Bun.serve>;
let sql: SQL;
let nodes: TestServer[] = [];

const options: ServerOptions = {
  widgetSocketCaps: { perSession: 3, perIp: 5 },
  // Windows are fixed and aligned to the epoch: with a minute's window, a minute that ended between the
  // fourth report and the fifth (one run in twenty) opened a fresh window. A day's ends at UTC midnight.
  reportQuotas: { session: { reports: 4, bytes: 60 * 1024 * 1024, windowMs: 24 * 60 * 60_000 } },
  mailDispatchMs: 20,
};

beforeAll(async () => {
  database = await freshPostgresDatabase(postgresPassUrl());
  redis = await startRedis();
  s3 = await startFakeS3("cluster-state");
  hooks = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("ok") });
  smtp = await startSmtpCatcher();
  const { target } = s3;
  const env = {
    ...database.env,
    REDIS_URL: redis.url,
    S3_BUCKET: target.bucket,
    S3_ENDPOINT: target.endpoint ?? "",
    S3_REGION: target.region ?? "",
    S3_ACCESS_KEY_ID: target.accessKeyId ?? "",
    S3_SECRET_ACCESS_KEY: target.secretAccessKey ?? "",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "Platform <noreply@example.com>",
    CAPTCHA_PROVIDER: "altcha",
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  };
  // The first migrates nothing (the database is a migrated copy) but seeds the demo data.
  nodes.push(await startTestServer(env, options));
  nodes.push(...(await Promise.all([startTestServer(env, options), startTestServer(env, options)])));
  sql = new SQL(database.env.DATABASE_URL);
}, processTestTimeoutMs);

afterAll(async () => {
  await sql?.close();
  for (const node of nodes) await node.dispose();
  nodes = [];
  hooks?.stop(true);
  await smtp?.close();
  await s3?.stop();
  await redis?.stop();
  await database?.drop();
});

const node = (index: number) => nodes[index % nodes.length] as TestServer;

/** Waits for the nodes to agree on what one of them did: three seconds unless told. */
const agreed = (condition: () => Promise<boolean>, ms = 3000) => until(condition, ms, { everyMs: 20 });

/** An ALTCHA token for a sign-in: a challenge one node issued, solved as the browser would. */
async function captchaToken(issuer: TestServer): Promise<string> {
  const challenge = await (await fetch(`${issuer.mainUrl}/api/auth/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

function signIn(at: TestServer, token: string): Promise<Response> {
  return fetch(`${at.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: "admin", password: "admin", captchaToken: token }),
  });
}

async function adminToken(at: TestServer): Promise<string> {
  const response = await signIn(at, await captchaToken(at));
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const socketUrl = (at: TestServer, session: TestSession) =>
  `${at.mainUrl}/api/widget/ws?gleapId=${session.gleapId}&gleapHash=${session.gleapHash}&apiKey=demo`;

/** A plain request to the socket's address: 429 past a cap, else 400 (no upgrade), holding no slot. */
async function socketAnswer(at: TestServer, session: TestSession): Promise<number> {
  const answer = await fetch(socketUrl(at, session));
  await answer.arrayBuffer();
  return answer.status;
}

async function openSocket(at: TestServer, session: TestSession): Promise<WebSocket> {
  const socket = new WebSocket(socketUrl(at, session).replace(/^http/, "ws"));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("socket refused")), { once: true });
  });
  return socket;
}

async function closeSockets(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map((socket) => {
      const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve()));
      socket.close();
      return closed;
    }),
  );
}

describe("limits count once over every node", () => {
  test("a session's report quota spent half on each of two nodes is spent on the third", async () => {
    const headers = await startWidgetSession(node(0).mainUrl);
    const report = (index: number) =>
      postReport(
        node(index).mainUrl,
        headers,
        JSON.stringify({ formData: { description: `Quota ${index}` } }),
      );
    // Two on each of the first two nodes: a per-process window of 4 would have half of it left on each.
    for (const index of [0, 1, 0, 1]) expect((await report(index)).status).toBe(201);
    expect((await report(2)).status).toBe(429);
  });

  test("five conversation starts of one session spread over three nodes use up its hour", async () => {
    const session = await startSession(node(0).mainUrl);
    for (let start = 0; start < 5; start++) {
      const started = await call(node(start).mainUrl, session, "POST", "/conversations", {
        text: `Hi ${start}`,
      });
      expect(started.status).toBe(201);
      expect(((await started.json()) as Conversation).shareToken).toBeString();
    }
    expect((await call(node(2).mainUrl, session, "POST", "/conversations", { text: "Again" })).status).toBe(
      429,
    );
  });

  test("thirty feature-request votes a minute per session, counted over the nodes", async () => {
    const session = await startSession(node(0).mainUrl);
    const created = await call(node(0).mainUrl, session, "POST", "/feature-requests", { title: "Dark mode" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as FeatureRequest;
    const vote = (index: number) =>
      call(node(index).mainUrl, session, "POST", `/feature-requests/${id}/vote`);
    for (let index = 0; index < 30; index++) expect((await vote(index)).status).toBe(200);
    // Ten on each node: in memory each would still have twenty left.
    expect((await vote(1)).status).toBe(429);
  });

  test("a solved ALTCHA signs in once, on whichever node it is used first", async () => {
    const token = await captchaToken(node(0));
    expect((await signIn(node(1), token)).status).toBe(200);
    const replayed = await signIn(node(2), token);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ error: "captcha failed", field: "captchaToken" });
  });

  test("uploads at the same moment on three nodes store no more than the session's ten a minute", async () => {
    const session = await startSession(node(0).mainUrl);
    const recording = new Uint8Array(4096).fill(7);
    recording.set([0x1a, 0x45, 0xdf, 0xa3]);
    const upload = async (index: number) => {
      const form = new FormData();
      form.append("file", new Blob([recording], { type: "video/webm" }), "blob");
      const { "Content-Type": _json, ...headers } = sessionHeaders(session);
      const answer = await fetch(`${node(index).mainUrl}/api/widget/uploads/sdk`, {
        method: "POST",
        headers,
        body: form,
      });
      await answer.arrayBuffer();
      return answer.status;
    };
    const statuses = await Promise.all(Array.from({ length: 13 }, (_, index) => upload(index)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const [row] = await sql`SELECT count(*) AS n FROM uploads WHERE session_id = ${session.gleapId}`;
    expect(Number(row.n)).toBe(10);
  });
});

describe("widget socket caps over every node", () => {
  test("a session's three sockets on three nodes fill its cap everywhere; a close on one frees a slot on another", async () => {
    const session = await startSession(node(0).mainUrl);
    const open = [await openSocket(node(0), session), await openSocket(node(1), session)];
    open.push(await openSocket(node(2), session));
    // One socket per node: each process alone would let two more in.
    for (const index of [0, 1, 2]) expect(await socketAnswer(node(index), session)).toBe(429);
    await closeSockets(open.splice(1, 1));
    await agreed(async () => (await socketAnswer(node(2), session)) === 400);

    // The address: 2 of that session, 2 of another and 1 of a third make 5, the cap, over three nodes.
    const [second, third, fourth] = await Promise.all([1, 2, 3].map(() => startSession(node(0).mainUrl)));
    if (!second || !third || !fourth) throw new Error("sessions not started");
    open.push(await openSocket(node(0), second), await openSocket(node(1), second));
    open.push(await openSocket(node(2), third));
    const refused = await fetch(socketUrl(node(1), fourth));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many open sockets from this address" });
    await closeSockets(open);
    await agreed(async () => (await socketAnswer(node(1), fourth)) === 400);
  });

  test("the sockets of a process killed with -9 stop counting once its heartbeat is missed", async () => {
    const settings = { prefix: `kill-${crypto.randomUUID()}`, heartbeatMs: 100, ttlMs: 400 };
    const holder = await startSocketHolder(settings);
    const client = new RedisClient(redis.url);
    const caps = { perSession: 2, perIp: Number.POSITIVE_INFINITY };
    const counts = createRedisWidgetSocketCounts(client, caps, createLogger("warn"), settings);
    const sessionKey = `sockets:${settings.prefix}:session:held-session`;
    try {
      // Alive well past its time-to-live, its heartbeat keeps both of its sockets counted.
      await Bun.sleep(settings.ttlMs * 2.5);
      expect(await counts.reserve("held-session", "10.0.0.2")).toBe("session");
      holder.kill("SIGKILL");
      await holder.exited;
      const killedAt = performance.now();
      // A refused reservation holds nothing, so asking again and again is fair.
      await agreed(async () => (await counts.reserve("held-session", "10.0.0.2")) === null);
      expect(performance.now() - killedAt).toBeLessThan(settings.ttlMs + 300);
      // The dead process's field is gone; only this one's socket is left.
      expect(await client.send("HKEYS", [sessionKey])).toHaveLength(1);
      await counts.close();
      // Nothing stays behind in Redis once no process beats for the hash any more.
      await agreed(async () => Number(await client.send("EXISTS", [sessionKey])) === 0);
    } finally {
      holder.kill("SIGKILL");
      await counts.close();
      client.close();
    }
  });
});

/** A process holding two slots of session `held-session` in Redis (socket-holding-process.ts). */
async function startSocketHolder(settings: { prefix: string; heartbeatMs: number; ttlMs: number }) {
  const child = Bun.spawn(
    [process.execPath, join(import.meta.dir, "test-support", "socket-holding-process.ts")],
    {
      env: {
        PATH: process.env.PATH ?? "",
        REDIS_URL: redis.url,
        PREFIX: settings.prefix,
        HEARTBEAT_MS: String(settings.heartbeatMs),
        TTL_MS: String(settings.ttlMs),
        SOCKETS: "2",
        SESSION: "held-session",
        IP: "10.0.0.1",
      },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const printed = { text: "" };
  if (!(await readStdoutUntil(child.stdout, printed, (text) => text.includes("held\n"), 60_000))) {
    child.kill();
    throw new Error(`The socket holder exited: ${printed.text}${await new Response(child.stderr).text()}`);
  }
  return child;
}

describe("what one node stores, the others serve", () => {
  test("a report's snapshot and replay, and an upload, sent through one node are read through another (S3)", async () => {
    const headers = await startWidgetSession(node(0).mainUrl);
    const screenshotData = {
      html: `<main>${"a shop page ".repeat(9000)}</main>`,
      baseUrl: "https://a.example/",
    };
    const webReplay = {
      startDate: 1767261600000,
      events: Array.from({ length: 500 }, (_, index) => ({
        type: 3,
        timestamp: 1767261600000 + index,
        data: { index },
      })),
      type: "rrweb",
    };
    const filed = await postReport(
      node(0).mainUrl,
      headers,
      JSON.stringify({ formData: { description: "Across nodes" }, screenshotData, webReplay }),
    );
    expect(filed.status).toBe(201);
    const { id } = (await filed.json()) as { id: string };
    const read = await fetch(`${node(1).mainUrl}/api/feedback/${id}`, {
      headers: { Authorization: `Bearer ${await adminToken(node(2))}` },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      formData: { description: "Across nodes" },
      screenshotData,
      webReplay,
    });

    const recording = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 31) % 251);
    recording.set([0x1a, 0x45, 0xdf, 0xa3]);
    const form = new FormData();
    form.append("file", new Blob([recording], { type: "video/webm" }), "blob");
    const uploaded = await fetch(`${node(0).mainUrl}/api/widget/uploads/sdk`, {
      method: "POST",
      headers,
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { fileUrl } = (await uploaded.json()) as { fileUrl: string };
    const elsewhere = fileUrl.replace(node(0).messengerUrl, node(2).messengerUrl);
    expect(elsewhere).not.toBe(fileUrl);
    const served = await fetch(elsewhere);
    expect(served.status).toBe(200);
    expect(await served.bytes()).toEqual(recording);
  });

  test("a webhook added through one node gets the next report filed through another", async () => {
    const token = await adminToken(node(0));
    const projectId = await demoProjectId(sql);
    const headers = await startWidgetSession(node(1).mainUrl);
    // The second node has read who listens (nobody yet) just before the webhook is added.
    expect(
      (await postReport(node(1).mainUrl, headers, JSON.stringify({ formData: { description: "Before" } })))
        .status,
    ).toBe(201);
    const created = await callApi(
      node(0).mainUrl,
      "POST",
      `/api/projects/${projectId}/webhooks`,
      reportWebhook(`http://127.0.0.1:${hooks.port}/hook`),
      token,
    );
    expect(created.status).toBe(201);
    const webhook = (await created.json()) as AdminWebhook;
    expect(
      (await postReport(node(1).mainUrl, headers, JSON.stringify({ formData: { description: "After" } })))
        .status,
    ).toBe(201);
    await agreed(async () => {
      const [row] = await sql`SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ${webhook.id}`;
      return Number(row.n) === 1;
    });
  });
});

describe("background work runs once over every node", () => {
  test("thirty outbox mails go out once each while three nodes send mail", async () => {
    const subjects = Array.from({ length: 30 }, (_, index) => `Cluster mail ${index}`);
    await sql.begin(async (tx) => {
      for (const subject of subjects) await queueMail(tx, { to: "ops@example.com", subject, body: "Hello" });
    });
    await agreed(async () => {
      const [row] =
        await sql`SELECT count(*) AS n FROM mail_outbox WHERE subject LIKE 'Cluster mail %' AND sent_at IS NULL`;
      return Number(row.n) === 0;
    }, 10_000);
    // A mail sent twice would be received twice; give a second sender's late copy the time to arrive.
    await Bun.sleep(200);
    const received = (smtp?.received ?? [])
      .map((mail) => /^Subject: (.*)$/m.exec(mail.data)?.[1] ?? "")
      .filter((subject) => subject.startsWith("Cluster mail "));
    expect(received.toSorted()).toEqual(subjects.toSorted());
  });
});
