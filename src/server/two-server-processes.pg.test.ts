import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { request as httpRequest } from "node:http";
import { RedisClient, SQL } from "bun";
import type { Conversation, ConversationMessage } from "../shared/conversations-api.ts";
import type { AdminProjectSettings } from "../shared/inbox-api.ts";
import { logIn } from "./test-support/api-calls.ts";
import { conversationMessagePush } from "./test-support/conversation-message-push.ts";
import { type FixtureWorkDir, fixtureWorkDir, loopbackServerEnv } from "./test-support/fixture-work-dir.ts";
import {
  call,
  demoProjectId,
  expectModalPushedTo,
  nextBesidesCount,
  openSocket,
  ping,
  sessionHeaders,
  startSession,
} from "./test-support/outbound-test-support.ts";
import { postgresPassUrl } from "./test-support/postgres-pass.ts";
import { startRedis } from "./test-support/redis-process.ts";
import { type ServerProcess, startServerProcess } from "./test-support/server-process.ts";
import { freshPostgresDatabase } from "./test-support/test-server.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * Two `npm start` processes on one PostgreSQL database and one Redis, as behind a balancer: whatever
 * one of them issues, stores, publishes or counts, the other sees. The database is a fresh one in the
 * cluster of `TEST_DATABASE_URL`: this runs in npm test's PostgreSQL pass only.
 */
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let work: FixtureWorkDir;
let sql: SQL;
let first: ServerProcess;
let second: ServerProcess;

beforeAll(async () => {
  database = await freshPostgresDatabase(postgresPassUrl());
  redis = await startRedis();
  work = await fixtureWorkDir("two-processes-");
  const env = {
    ...database.env,
    REDIS_URL: redis.url,
    // One data folder, as on a shared volume (uploads are files there without S3).
    ...loopbackServerEnv(work),
    LOG_LEVEL: "warn",
    DEMO_DATA: "minimal",
    CAPTCHA_PROVIDER: "off",
  };
  // One after the other: the first migrates and seeds, the second finds both done.
  first = await startServerProcess(env);
  second = await startServerProcess(env);
  sql = new SQL(database.env.DATABASE_URL);
}, processTestTimeoutMs);

afterAll(async () => {
  await sql?.close();
  await second?.stop();
  await first?.stop();
  await redis?.stop();
  await database?.drop();
  await work?.dispose();
});

/** A widget session start sent from `localAddress` (any 127.x address reaches the server on Linux). */
function startSessionFrom(mainUrl: string, localAddress: string): Promise<number> {
  const { hostname, port } = new URL(mainUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname === "localhost" ? "127.0.0.1" : hostname,
        port,
        path: "/api/widget/sessions",
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end("{}");
  });
}

describe("two server processes on one PostgreSQL and one Redis", () => {
  test("both run on PostgreSQL and fan out through Redis", async () => {
    for (const server of [first, second]) {
      const health = await fetch(`${server.mainUrl}/healthz`);
      expect(health.status).toBe(200);
    }
    const [row] = await sql`SELECT count(*) AS projects FROM widget_projects`;
    expect(Number(row.projects)).toBe(1);
    const client = new RedisClient(redis.url);
    try {
      const [, subscribers] = (await client.send("PUBSUB", ["NUMSUB", "widget-fanout"])) as [string, number];
      expect(Number(subscribers)).toBe(2);
    } finally {
      client.close();
    }
  });

  test("a session and an admin token issued by one work on the other, and a sign-out on one ends both", async () => {
    const session = await startSession(first.mainUrl);
    expect((await ping(second.mainUrl, session, "https://host.example/")).status).toBe(200);

    const token = await logIn(first.mainUrl, "admin", "admin");
    const me = await fetch(`${second.mainUrl}/api/auth/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    const logout = await fetch(`${second.mainUrl}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    const after = await fetch(`${first.mainUrl}/api/auth/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });

  test("a visitor's socket on one receives a staff reply and a publish made on the other", async () => {
    const token = await logIn(second.mainUrl, "admin", "admin");
    const admin = (path: string, body?: unknown) =>
      fetch(`${second.mainUrl}/api/projects/${projectId}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const projectId = await demoProjectId(sql);
    const session = await startSession(first.mainUrl);
    await ping(first.mainUrl, session, "https://host.example/two-processes");
    const started = await call(first.mainUrl, session, "POST", "/conversations", { text: "Anyone?" });
    const { shareToken } = (await started.json()) as Conversation;
    const socket = await openSocket(first.mainUrl, session);
    try {
      const [conversation] = await sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
      const reply = await admin(`/conversations/${conversation.id}/messages`, { text: "Here!" });
      expect(reply.status).toBe(201);
      const message = (await reply.json()) as ConversationMessage;
      // The count the socket is told on opening, read after the reply, may come among these pushes.
      expect(await nextBesidesCount(socket)).toEqual(conversationMessagePush(shareToken, message, 1));
      expect(await nextBesidesCount(socket)).toMatchObject({ name: "update", data: { u: 1 } });

      await expectModalPushedTo(
        socket,
        second.mainUrl,
        { projectId, token },
        "Across processes",
        "/two-processes",
      );
    } finally {
      socket.close();
    }
  });

  test("the widget API's rate limits count across both: 60 session starts per address, not 60 each", async () => {
    const address = "127.0.0.61";
    const answers: number[] = [];
    for (let start = 0; start < 60; start++)
      answers.push(await startSessionFrom(start % 2 === 0 ? first.mainUrl : second.mainUrl, address));
    expect(answers.filter((status) => status === 200)).toHaveLength(60);
    // Per process each would have used only 30 of its own 60.
    expect(await startSessionFrom(first.mainUrl, address)).toBe(429);
    expect(await startSessionFrom(second.mainUrl, address)).toBe(429);
    // Another address has a window of its own.
    expect(await startSessionFrom(second.mainUrl, "127.0.0.62")).toBe(200);
  });

  test("a project setting changed on one is enforced by the other at once (no stale cache)", async () => {
    const token = await logIn(second.mainUrl, "admin", "admin");
    const projectId = await demoProjectId(sql);
    const session = await startSession(first.mainUrl);
    const pingFrom = (origin: string) =>
      fetch(`${first.mainUrl}/api/widget/sessions/ping`, {
        method: "POST",
        headers: { ...sessionHeaders(session), Origin: origin },
        body: JSON.stringify({ time: 1, events: [] }),
      });
    // Warm whatever the first process keeps of the project and the session.
    expect((await pingFrom("https://elsewhere.example")).status).toBe(200);
    expect((await pingFrom("https://elsewhere.example")).status).toBe(200);

    const settingsUrl = `${second.mainUrl}/api/projects/${projectId}/settings`;
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const settings = (await (await fetch(settingsUrl, { headers })).json()) as AdminProjectSettings;
    const saved = await fetch(settingsUrl, {
      method: "PUT",
      headers,
      body: JSON.stringify({
        name: settings.name,
        flowConfig: settings.flowConfig,
        allowedOrigins: ["https://shop.example"],
        identityVerification: settings.identityVerification,
      }),
    });
    expect(saved.status).toBe(200);
    // The change reaches the other process through Redis: allow it the time of one round trip there.
    const deadline = Date.now() + 1_000;
    let status = (await pingFrom("https://elsewhere.example")).status;
    while (status !== 403 && Date.now() < deadline) {
      await Bun.sleep(20);
      status = (await pingFrom("https://elsewhere.example")).status;
    }
    expect(status).toBe(403);
    expect((await pingFrom("https://shop.example")).status).toBe(200);
  });
});
