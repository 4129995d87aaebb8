import { afterEach, describe, expect, test } from "bun:test";
import { call, startSession, type TestSession } from "../../test-support/outbound-test-support.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/**
 * New conversations per session and per client address (conversation-start-limits.ts), through the
 * real HTTP interface. Every test server here is its own: the address cap counts every request of
 * the file, which all come from 127.0.0.1.
 */

const servers: TestServer[] = [];
async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const started = await startTestServer(env);
  servers.push(started);
  return started;
}
afterEach(async () => {
  for (const started of servers.splice(0).reverse()) await started.dispose();
});

const start = (on: TestServer, session: TestSession, text = "Hello") =>
  call(on.mainUrl, session, "POST", "/conversations", { text });

async function conversationsOf(on: TestServer, session?: TestSession): Promise<number> {
  const rows = session
    ? await on.db.sql`SELECT count(*) AS n FROM conversations WHERE session_id = ${session.gleapId}`
    : await on.db.sql`SELECT count(*) AS n FROM conversations`;
  return Number(rows[0]?.n);
}

async function expectRefused(response: Response, message: RegExp) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  // The hour's window, just begun.
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(((await response.json()) as { error: string }).error).toMatch(message);
}

describe("new conversations", () => {
  test("a session starts 5 an hour; the sixth is a 429 with Retry-After and stores nothing; another session still may", async () => {
    const on = await server();
    const visitor = await startSession(on.mainUrl);
    for (let n = 0; n < 5; n++) expect((await start(on, visitor, `Question ${n}`)).status).toBe(201);
    await expectRefused(await start(on, visitor), /at most 5 conversations an hour/);
    expect(await conversationsOf(on, visitor)).toBe(5);
    // Writing on in a conversation it has is not limited by this.
    const [row] = await on.db.sql`SELECT share_token FROM conversations LIMIT 1`;
    const more = await call(on.mainUrl, visitor, "POST", `/conversations/${row?.share_token}/messages`, {
      text: "One more thing",
    });
    expect(more.status).toBe(201);
    expect((await start(on, await startSession(on.mainUrl))).status).toBe(201);
  });

  test("one address: 20 an hour whatever the sessions, counted exactly under parallel starts", async () => {
    const on = await server();
    const sessions = await Promise.all(Array.from({ length: 6 }, () => startSession(on.mainUrl)));
    // Thirty at once, five per session: the sessions' own limits allow them all, the address 20.
    const answers = await Promise.all(
      sessions.flatMap((session) => Array.from({ length: 5 }, () => start(on, session))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await conversationsOf(on)).toBe(20);
    await expectRefused(await start(on, await startSession(on.mainUrl)), /from your network/);
    expect(await conversationsOf(on)).toBe(20);
  });

  test("parallel starts from one session: exactly 5 get through", async () => {
    const on = await server();
    const visitor = await startSession(on.mainUrl);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => start(on, visitor, `Burst ${n}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(await conversationsOf(on, visitor)).toBe(5);
  });

  test("refused bodies do not count, and the count is the database's: a second server on it refuses the sixth", async () => {
    const on = await server();
    const visitor = await startSession(on.mainUrl);
    for (let n = 0; n < 10; n++)
      expect((await call(on.mainUrl, visitor, "POST", "/conversations", { text: "  " })).status).toBe(400);
    for (let n = 0; n < 3; n++) expect((await start(on, visitor)).status).toBe(201);
    const second = await server(on.databaseEnv);
    for (let n = 0; n < 2; n++) expect((await start(second, visitor)).status).toBe(201);
    await expectRefused(await start(second, visitor), /at most 5 conversations an hour/);
    await expectRefused(await start(on, visitor), /at most 5 conversations an hour/);
    expect(await conversationsOf(on, visitor)).toBe(5);
  });

  test("RATE_LIMITS=0 lifts the limits, like the others", async () => {
    const on = await server({ RATE_LIMITS: "0" });
    const visitor = await startSession(on.mainUrl);
    for (let n = 0; n < 8; n++) expect((await start(on, visitor)).status).toBe(201);
    expect(await conversationsOf(on, visitor)).toBe(8);
  });
});
