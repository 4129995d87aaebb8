import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { WidgetSession } from "../../shared/widget-session-api.ts";
import type { WidgetPush } from "../../shared/widget-socket-pushes.ts";
import { findProjectBySdkKey } from "../domain/projects/projects-repository.ts";
import { expectError } from "../test-support/api-calls.ts";
import { startRedisServerPair } from "../test-support/redis-process.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { pushToProject, pushToSession } from "./widget-socket.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

async function newSession(server: TestServer): Promise<WidgetSession> {
  const response = await fetch(`${server.mainUrl}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo" },
    body: "{}",
  });
  return (await response.json()) as WidgetSession;
}

const socketUrl = (server: TestServer, session: WidgetSession, apiKey = "demo") =>
  `${server.mainUrl.replace(/^http/, "ws")}/api/widget/ws?gleapId=${session.gleapId}&gleapHash=${session.gleapHash}&apiKey=${apiKey}&sdkVersion=14.6.7`;

/** Opens a socket and collects every message it receives. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(String(event.data)));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("socket refused")), { once: true });
  });
  return {
    socket,
    messages,
    async next(count = 1, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`waited for ${count} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return messages;
    },
  };
}

describe("widget websocket (in-process fan-out)", () => {
  let server: TestServer;
  startBeforeAll(startTestServer, (started) => {
    server = started;
  });

  test("a session's socket receives what is pushed to the session and to its project", async () => {
    const session = await newSession(server);
    const other = await newSession(server);
    const mine = await connect(socketUrl(server, session));
    const theirs = await connect(socketUrl(server, other));
    await pushToSession(server.fanout, session.gleapId, { name: "update", data: { a: [], u: 2 } });
    expect(await mine.next(1)).toEqual([{ name: "update", data: { a: [], u: 2 } }]);
    const project = await findProjectBySdkKey(server.db.sql, "demo");
    await pushToProject(server.fanout, project?.id ?? "", {
      name: "checklist",
      data: { id: "c1" },
    } as WidgetPush);
    expect((await mine.next(2))[1]).toEqual({ name: "checklist", data: { id: "c1" } });
    expect(await theirs.next(1)).toEqual([{ name: "checklist", data: { id: "c1" } }]);
    mine.socket.close();
    theirs.socket.close();
  });

  test("the client's PING frames keep the socket open and get no answer", async () => {
    const session = await newSession(server);
    const client = await connect(socketUrl(server, session));
    client.socket.send("PING");
    client.socket.send("9");
    await Bun.sleep(100);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(client.messages).toEqual([]);
    client.socket.close();
  });

  test("a wrong hash, a wrong key or a plain request is refused", async () => {
    const session = await newSession(server);
    const forged = { ...session, gleapHash: "0".repeat(64) };
    await expect(connect(socketUrl(server, forged))).rejects.toThrow("socket refused");
    await expect(connect(socketUrl(server, session, "nope"))).rejects.toThrow("socket refused");
    const forgedHttp = await fetch(socketUrl(server, forged).replace(/^ws/, "http"));
    expect(forgedHttp.status).toBe(401);
    await expectError(await fetch(socketUrl(server, session).replace(/^ws/, "http")), 400, {
      error: "Expected a websocket upgrade",
    });
  });
});

/** Waits until the server has seen `count` sockets of the session close (the close is asynchronous). */
async function closed(sockets: WebSocket[]) {
  for (const socket of sockets) socket.close();
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) resolve();
          else socket.addEventListener("close", () => resolve(), { once: true });
        }),
    ),
  );
  await Bun.sleep(50);
}

describe("open sockets are capped per session and per address", () => {
  let server: TestServer;
  startBeforeAll(
    () => startTestServer({}, { widgetSocketCaps: { perSession: 3, perIp: 5 } }),
    (started) => {
      server = started;
    },
  );

  test("a session's socket past its cap is refused with 429; one closing makes room", async () => {
    const session = await newSession(server);
    const open = await Promise.all([1, 2, 3].map(() => connect(socketUrl(server, session))));
    await expect(connect(socketUrl(server, session))).rejects.toThrow("socket refused");
    // What the refusal says, as a plain request shows it.
    const refused = await fetch(socketUrl(server, session).replace(/^ws/, "http"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({ error: "Too many open sockets for this session" });
    // The open ones are left alone and still receive pushes.
    await pushToSession(server.fanout, session.gleapId, { name: "update", data: { a: [], u: 1 } });
    for (const client of open) expect(await client.next(1)).toHaveLength(1);
    await closed([open[0]?.socket as WebSocket]);
    const again = await connect(socketUrl(server, session));
    await closed([again.socket, ...open.slice(1).map((client) => client.socket)]);
  });

  test("an address past its cap is refused whatever the session, before the session is looked up", async () => {
    const sessions = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newSession(server)));
    const open = [];
    for (const session of sessions.slice(0, 5)) open.push(await connect(socketUrl(server, session)));
    await expect(connect(socketUrl(server, sessions[5] as WidgetSession))).rejects.toThrow("socket refused");
    const forged = { ...(sessions[5] as WidgetSession), gleapHash: "0".repeat(64) };
    await expectError(await fetch(socketUrl(server, forged).replace(/^ws/, "http")), 429, {
      error: "Too many open sockets from this address",
    });
    await closed(open.map((client) => client.socket));
    const later = await connect(socketUrl(server, sessions[5] as WidgetSession));
    await closed([later.socket]);
  });

  test("refused and failed upgrades hold no slot", async () => {
    const session = await newSession(server);
    for (let attempt = 0; attempt < 10; attempt++) {
      const plain = await fetch(socketUrl(server, session).replace(/^ws/, "http"));
      expect(plain.status).toBe(400);
    }
    const open = await Promise.all([1, 2, 3].map(() => connect(socketUrl(server, session))));
    await closed(open.map((client) => client.socket));
  });
});

describe("the default caps", () => {
  test("one session cannot hold more than 8 sockets; RATE_LIMITS=0 lifts the caps for load tests", async () => {
    const capped = await startTestServer();
    const uncapped = await startTestServer({ RATE_LIMITS: "0" });
    try {
      const session = await newSession(capped);
      const open = await Promise.all(Array.from({ length: 8 }, () => connect(socketUrl(capped, session))));
      await expect(connect(socketUrl(capped, session))).rejects.toThrow("socket refused");
      await closed(open.map((client) => client.socket));

      const loadSession = await newSession(uncapped);
      const many = await Promise.all(
        Array.from({ length: 70 }, () => connect(socketUrl(uncapped, loadSession))),
      );
      await closed(many.map((client) => client.socket));
    } finally {
      await capped.dispose();
      await uncapped.dispose();
    }
  });
});

describe("widget websocket across two servers through Redis", () => {
  let first: TestServer;
  let second: TestServer;
  startBeforeAll(startRedisServerPair, (pair) => {
    ({ first, second } = pair);
  });

  test("a push published by one server reaches a socket held by the other", async () => {
    const session = await newSession(first);
    const client = await connect(socketUrl(second, session));
    await pushToSession(first.fanout, session.gleapId, {
      name: "update",
      data: { a: [{ actionType: "banner" }], u: 0 },
    } as WidgetPush);
    expect(await client.next(1)).toEqual([{ name: "update", data: { a: [{ actionType: "banner" }], u: 0 } }]);
    client.socket.close();
  });
});
