import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import {
  demoProjectId,
  expectModalPushedTo,
  openSocket,
  ping,
  sessionHeaders,
  startSession,
} from "../test-support/outbound-test-support.ts";
import { startRedis } from "../test-support/redis-process.ts";
import { openStaffSocket } from "../test-support/staff-socket-client.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { fixtureTimeoutMs, processTestTimeoutMs } from "../test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/** Two server processes on one database and one Redis, as behind a balancer. */
describe("staff pushes and live publishing across two servers through Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let first: TestServer;
  let second: TestServer;
  let adminToken = "";

  beforeAll(async () => {
    redis = await startRedis();
    first = await startTestServer({ REDIS_URL: redis.url });
    second = await startTestServer({ REDIS_URL: redis.url, ...first.databaseEnv });
    const login = await fetch(`${first.mainUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: "admin", password: "admin" }),
    });
    adminToken = ((await login.json()) as { access_token: string }).access_token;
  }, fixtureTimeoutMs);
  afterAll(async () => {
    await second.dispose();
    await first.dispose();
    await redis.stop();
  });

  test("a report stored by one server reaches a staff socket held by the other", async () => {
    const staff = await openStaffSocket(second.mainUrl, adminToken);
    try {
      const session = await startSession(first.mainUrl);
      const response = await fetch(`${first.mainUrl}/api/widget/bugs/v2`, {
        method: "POST",
        headers: sessionHeaders(session),
        body: JSON.stringify({ formData: { description: "Across processes" } }),
      });
      const { id } = (await response.json()) as { id: string };
      const push = await staff.push("report-created", (candidate) => candidate.data.id === id);
      expect(push.data.title).toBe("Across processes");
    } finally {
      staff.close();
    }
  });

  test("content published on one server reaches a widget whose socket the other holds", async () => {
    const session = await startSession(first.mainUrl);
    await ping(first.mainUrl, session, "https://host.example/cross");
    const socket = await openSocket(second.mainUrl, session);
    try {
      const projectId = await demoProjectId(first.db.sql);
      await expectModalPushedTo(socket, first.mainUrl, { projectId, token: adminToken }, "Cross", "/cross");
    } finally {
      socket.close();
    }
  });

  test("the publish preview counts visitors whose socket either server holds, each once", async () => {
    const projectId = await demoProjectId(first.db.sql);
    const headers = { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` };
    const created = await fetch(`${first.mainUrl}/api/projects/${projectId}/outbounds`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        type: "banner",
        name: "Census",
        config: { title: "Counted" },
        pageFilter: "/census",
        pageFilterType: "contains",
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const sockets: Awaited<ReturnType<typeof openSocket>>[] = [];
    try {
      const onFirst = await startSession(first.mainUrl);
      await ping(first.mainUrl, onFirst, "https://host.example/census/a");
      sockets.push(await openSocket(first.mainUrl, onFirst));
      const onBoth = await startSession(first.mainUrl);
      await ping(first.mainUrl, onBoth, "https://host.example/census/b");
      sockets.push(await openSocket(first.mainUrl, onBoth), await openSocket(second.mainUrl, onBoth));
      const onSecond = await startSession(first.mainUrl);
      await ping(first.mainUrl, onSecond, "https://host.example/census/c");
      sockets.push(await openSocket(second.mainUrl, onSecond));
      for (const server of [first, second]) {
        const answer = await fetch(
          `${server.mainUrl}/api/projects/${projectId}/outbounds/${id}/publish-preview`,
          { headers },
        );
        expect(((await answer.json()) as { matchingVisitors: number }).matchingVisitors).toBe(3);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  test("signing out on one server closes the staff socket the other holds", async () => {
    const login = await fetch(`${first.mainUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: "admin", password: "admin" }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const staff = await openStaffSocket(second.mainUrl, token);
    try {
      const closed = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("The staff socket stayed open")), 3000);
        staff.socket.addEventListener("close", (event) => {
          clearTimeout(timer);
          resolve(event.code);
        });
      });
      const logout = await fetch(`${first.mainUrl}/api/auth/logout`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(204);
      // The second server re-checks only every 30 s: the close within 3 s is the signal through Redis.
      expect(await closed).toBe(4001);
    } finally {
      staff.close();
    }
  });
});
