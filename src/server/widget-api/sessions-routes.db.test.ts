import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { WidgetSession } from "../../shared/widget-session-api.ts";
import { findProjectBySdkKey, updateProjectSettings } from "../domain/projects/projects-repository.ts";
import { foldPingsOf } from "../domain/sessions/ping-log-registry.ts";
import { listSessionEvents } from "../domain/sessions/sessions-repository.ts";
import { expectError } from "../test-support/api-calls.ts";
import { withDemoProjectOrigins } from "../test-support/demo-project-origins.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { writtenByHand } from "../test-support/written-by-hand.ts";

let server: TestServer;
let api: string;

startBeforeAll(startTestServer, (started) => {
  server = started;
  api = `${server.mainUrl}/api/widget`;
});

const sessionHeaders = (session: WidgetSession) => ({
  "Api-Token": "demo",
  "Gleap-Id": session.gleapId,
  "Gleap-Hash": session.gleapHash,
});

async function post(path: string, headers: Record<string, string>, body: unknown) {
  return fetch(`${api}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function newSession(): Promise<WidgetSession> {
  return (await (
    await post("/sessions", { "Api-Token": "demo" }, { lang: "en-us" })
  ).json()) as WidgetSession;
}

/** The session's row as stored once its pings are folded (on SQLite a ping is folded a moment later). */
async function sessionRow(id: string) {
  await foldPingsOf(server.db.sql, [id]);
  const [row] = await server.db.sql`SELECT * FROM widget_sessions WHERE id = ${id}`;
  return row;
}

describe("identify", () => {
  test("attaches the user id and fields, flattening custom data, and answers the whole session", async () => {
    const session = await newSession();
    const response = await post("/sessions/identify", sessionHeaders(session), {
      userId: "user-1",
      name: "Ada",
      email: "ada@example.com",
      value: 42,
      plan: "pro",
      lang: "de",
      favouriteColour: "green",
      seats: 3,
    });
    expect(response.status).toBe(200);
    const identified = (await response.json()) as WidgetSession;
    expect(identified).toMatchObject({
      gleapId: session.gleapId,
      gleapHash: session.gleapHash,
      userId: "user-1",
      name: "Ada",
      email: "ada@example.com",
      value: 42,
      lang: "de",
      customData: { plan: "pro", favouriteColour: "green", seats: 3 },
    });
    const row = await sessionRow(session.gleapId);
    expect(row.user_id).toBe("user-1");
    expect(JSON.parse(row.custom_data)).toEqual({ plan: "pro", favouriteColour: "green", seats: 3 });
  });

  test("a numeric user id is kept as text, so the client sees an identified user", async () => {
    const session = await newSession();
    const identified = (await (
      await post("/sessions/identify", sessionHeaders(session), { userId: 1234 })
    ).json()) as WidgetSession;
    expect(identified.userId).toBe("1234");
  });

  test("a verified known user id merges the anonymous session into the user's session", async () => {
    const userHash = await userHashOf("merge-me");
    const first = await newSession();
    const original = (await (
      await post("/sessions/identify", sessionHeaders(first), { userId: "merge-me", userHash, name: "First" })
    ).json()) as WidgetSession;
    const second = await newSession();
    await post("/sessions/ping", sessionHeaders(second), { time: 3, events: [{ name: "signedUp" }] });

    const merged = (await (
      await post("/sessions/identify", sessionHeaders(second), {
        userId: "merge-me",
        userHash,
        email: "m@example.com",
      })
    ).json()) as WidgetSession;
    expect(merged.gleapId).toBe(original.gleapId);
    expect(merged).toMatchObject({ userId: "merge-me", name: "First", email: "m@example.com" });
    expect((await sessionRow(second.gleapId)).merged_into).toBe(original.gleapId);
    expect((await listSessionEvents(server.db.sql, original.gleapId)).map((event) => event.name)).toEqual([
      "signedUp",
    ]);
    // The old id keeps working and lands on the user's session.
    const resumed = (await (
      await post("/sessions/partialupdate", sessionHeaders(second), { data: { phone: "+49 1" } })
    ).json()) as WidgetSession;
    expect(resumed.gleapId).toBe(original.gleapId);
  });

  test("identifying a session of one user as another user leaves the first user alone", async () => {
    const session = await newSession();
    await post("/sessions/identify", sessionHeaders(session), { userId: "alice", name: "Alice" });
    const bob = (await (
      await post("/sessions/identify", sessionHeaders(session), { userId: "bob", name: "Bob" })
    ).json()) as WidgetSession;
    expect(bob.gleapId).not.toBe(session.gleapId);
    expect(bob.userId).toBe("bob");
    expect((await sessionRow(session.gleapId)).name).toBe("Alice");
  });

  test("with identity verification, only the right user hash is accepted", async () => {
    const project = await findProjectBySdkKey(server.db.sql, "demo");
    if (!project) throw new Error("no demo project");
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, project.id, { identityVerification: true }),
    );
    try {
      const session = await newSession();
      const missing = await post("/sessions/identify", sessionHeaders(session), { userId: "verified" });
      expect(missing.status).toBe(401);
      expect(((await missing.json()) as { field: string }).field).toBe("userHash");
      const wrong = await post("/sessions/identify", sessionHeaders(session), {
        userId: "verified",
        userHash: "00",
      });
      expect(wrong.status).toBe(401);
      expect((await sessionRow(session.gleapId)).user_id).toBeNull();
      const userHash = createHmac("sha256", project.secret).update("verified").digest("hex");
      const right = await post("/sessions/identify", sessionHeaders(session), {
        userId: "verified",
        userHash,
      });
      expect(right.status).toBe(200);
      expect(((await right.json()) as WidgetSession).userId).toBe("verified");
    } finally {
      await writtenByHand(
        server,
        updateProjectSettings(server.db.sql, project.id, { identityVerification: false }),
      );
    }
  });

  test.each([
    [{}, "userId"],
    [{ userId: "" }, "userId"],
    [{ userId: "x", nested: { deep: true } }, "nested"],
    [{ userId: "x", email: 5 }, "email"],
  ])("bad body %j answers 400 naming %s and changes nothing", async (body, field) => {
    const session = await newSession();
    const response = await post("/sessions/identify", sessionHeaders(session), body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field: string }).field).toBe(field);
    expect((await sessionRow(session.gleapId)).user_id).toBeNull();
  });
});

/** The demo project's identity-verification hash of `userId` (verification itself stays off). */
async function userHashOf(userId: string): Promise<string> {
  const project = await findProjectBySdkKey(server.db.sql, "demo");
  if (!project) throw new Error("no demo project");
  return createHmac("sha256", project.secret).update(userId).digest("hex");
}

async function identify(session: WidgetSession, body: Record<string, unknown>): Promise<WidgetSession> {
  const response = await post("/sessions/identify", sessionHeaders(session), body);
  expect(response.status).toBe(200);
  return (await response.json()) as WidgetSession;
}

async function conversationTexts(session: WidgetSession): Promise<string[]> {
  const response = await fetch(`${api}/conversations`, { headers: sessionHeaders(session) });
  expect(response.status).toBe(200);
  const list = (await response.json()) as Array<{ subject: string }>;
  return list.map((entry) => entry.subject);
}

async function startConversation(session: WidgetSession, text: string): Promise<void> {
  const response = await post("/conversations", sessionHeaders(session), { text });
  expect(response.status).toBe(201);
}

describe("identify without verification (the demo project has it off)", () => {
  test("another visitor's user id labels only the caller's session: no session, hash, name, e-mail or conversation of theirs", async () => {
    const alice = await newSession();
    await identify(alice, { userId: "shared-id-1", name: "Alice", email: "alice@example.com" });
    await startConversation(alice, "Alice's private question");

    const mallory = await newSession();
    const answer = await identify(mallory, { userId: "shared-id-1" });
    expect(answer.gleapId).toBe(mallory.gleapId);
    expect(answer.gleapHash).toBe(mallory.gleapHash);
    expect(answer).toMatchObject({ userId: "shared-id-1", name: null, email: null });
    expect(JSON.stringify(answer)).not.toContain(alice.gleapId);
    expect(JSON.stringify(answer)).not.toContain("alice@example.com");
    expect(await conversationTexts(mallory)).toEqual([]);
    // Neither session was folded into the other, and Alice's stays as she left it.
    expect((await sessionRow(mallory.gleapId)).merged_into).toBeNull();
    const aliceRow = await sessionRow(alice.gleapId);
    expect(aliceRow).toMatchObject({ merged_into: null, name: "Alice", email: "alice@example.com" });
    expect(await conversationTexts(alice)).toEqual(["Alice's private question"]);
  });

  test("two sessions claiming one user id keep their conversations apart, both ways", async () => {
    const first = await newSession();
    const second = await newSession();
    await identify(first, { userId: "shared-id-2" });
    await startConversation(first, "First visitor's thread");
    await identify(second, { userId: "shared-id-2" });
    await startConversation(second, "Second visitor's thread");
    expect(await conversationTexts(first)).toEqual(["First visitor's thread"]);
    expect(await conversationTexts(second)).toEqual(["Second visitor's thread"]);
  });

  test("a session of one user claiming another's id gets a fresh session, never the other user's", async () => {
    const victim = await newSession();
    await identify(victim, { userId: "victim-3", email: "victim@example.com" });
    const attacker = await newSession();
    await identify(attacker, { userId: "attacker-3" });
    const answer = await identify(attacker, { userId: "victim-3" });
    expect(answer.gleapId).not.toBe(victim.gleapId);
    expect(answer.gleapId).not.toBe(attacker.gleapId);
    expect(answer).toMatchObject({ userId: "victim-3", email: null });
    expect((await sessionRow(attacker.gleapId)).user_id).toBe("attacker-3");
  });

  test("a wrong user hash is no verification: the caller's session is only labelled", async () => {
    const owner = await newSession();
    await identify(owner, { userId: "hashed-4", userHash: await userHashOf("hashed-4") });
    const other = await newSession();
    const answer = await identify(other, { userId: "hashed-4", userHash: "0".repeat(64) });
    expect(answer.gleapId).toBe(other.gleapId);
  });
});

describe("verified identify (userHash) lets history follow the user", () => {
  test("a second browser's session merges into the user's verified session, with its conversations", async () => {
    const userHash = await userHashOf("verified-5");
    const laptop = await newSession();
    await identify(laptop, { userId: "verified-5", userHash, name: "Vera" });
    await startConversation(laptop, "From the laptop");
    const phone = await newSession();
    const merged = await identify(phone, { userId: "verified-5", userHash });
    expect(merged.gleapId).toBe(laptop.gleapId);
    expect(merged.name).toBe("Vera");
    expect(await conversationTexts(phone)).toEqual(["From the laptop"]);
  });

  test("a session only labelled with the user id is never the one a verified identify lands in", async () => {
    const squatter = await newSession();
    await identify(squatter, { userId: "verified-6" });
    await startConversation(squatter, "Planted by the squatter");
    const userHash = await userHashOf("verified-6");
    const real = await newSession();
    const answer = await identify(real, { userId: "verified-6", userHash, email: "real@example.com" });
    expect(answer.gleapId).toBe(real.gleapId);
    expect(await conversationTexts(real)).toEqual([]);
    expect((await sessionRow(squatter.gleapId)).email).toBeNull();
    // The user's next browser follows the verified session, not the squatter's.
    const next = await newSession();
    expect((await identify(next, { userId: "verified-6", userHash })).gleapId).toBe(real.gleapId);
  });

  test("the labelled session itself verifying joins the user's verified session", async () => {
    const userHash = await userHashOf("verified-7");
    const home = await newSession();
    await identify(home, { userId: "verified-7", userHash });
    const work = await newSession();
    await identify(work, { userId: "verified-7" });
    await startConversation(work, "Asked before signing");
    const merged = await identify(work, { userId: "verified-7", userHash });
    expect(merged.gleapId).toBe(home.gleapId);
    expect(await conversationTexts(home)).toEqual(["Asked before signing"]);
  });
});

describe("session headers", () => {
  test("missing, forged or foreign session headers answer 401", async () => {
    const session = await newSession();
    const none = await post("/sessions/ping", { "Api-Token": "demo" }, { events: [] });
    expect(none.status).toBe(401);
    await expectError(
      await post("/sessions/ping", { ...sessionHeaders(session), "Gleap-Hash": "f".repeat(64) }, {}),
      401,
      { error: "Invalid session" },
    );
    const otherKey = await post("/sessions/ping", { ...sessionHeaders(session), "Api-Token": "other" }, {});
    expect(otherKey.status).toBe(401);
  });
});

describe("partialupdate", () => {
  test("updates only the fields it is given", async () => {
    const session = await newSession();
    await post("/sessions/identify", sessionHeaders(session), {
      userId: "partial",
      name: "Before",
      email: "b@x.io",
    });
    const response = await post("/sessions/partialupdate", sessionHeaders(session), {
      data: { name: "After", lang: "fr", team: "core" },
      type: "js",
      sdkVersion: "14.6.7",
      ws: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      userId: "partial",
      name: "After",
      email: "b@x.io",
      lang: "fr",
      customData: { team: "core" },
    });
  });

  test("a body without data is refused", async () => {
    const session = await newSession();
    const response = await post("/sessions/partialupdate", sessionHeaders(session), { name: "x" });
    expect(response.status).toBe(400);
  });
});

describe("ping", () => {
  test("stores events, counts page views and moves duration and last-seen forward", async () => {
    const session = await newSession();
    const before = await sessionRow(session.gleapId);
    await Bun.sleep(5);
    const response = await post("/sessions/ping", sessionHeaders(session), {
      time: 12.7,
      opened: false,
      type: "js",
      sdkVersion: "14.6.7",
      ws: true,
      events: [
        { name: "pageView", date: "2026-11-22T10:00:00.000Z", data: { page: "https://shop.example/" } },
        { name: "addedToCart", date: "2026-11-22T10:00:01.000Z", data: { sku: "A1" } },
        { name: "pageView", date: "2026-11-22T10:00:02.000Z", data: { page: "https://shop.example/cart" } },
      ],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, stored: 3 });
    const row = await sessionRow(session.gleapId);
    expect(Number(row.page_views)).toBe(2);
    expect(row.last_page).toBe("https://shop.example/cart");
    expect(Number(row.duration_seconds)).toBe(12);
    expect(row.sdk_version).toBe("14.6.7");
    expect(row.last_seen_at > before.last_seen_at).toBe(true);
    expect(await listSessionEvents(server.db.sql, session.gleapId)).toEqual([
      { name: "pageView", date: "2026-11-22T10:00:00.000Z", data: { page: "https://shop.example/" } },
      { name: "addedToCart", date: "2026-11-22T10:00:01.000Z", data: { sku: "A1" } },
      { name: "pageView", date: "2026-11-22T10:00:02.000Z", data: { page: "https://shop.example/cart" } },
    ]);
    // A shorter running time from a later ping never moves the duration back.
    await post("/sessions/ping", sessionHeaders(session), { time: 4, events: [] });
    expect(Number((await sessionRow(session.gleapId)).duration_seconds)).toBe(12);
  });

  test("a malformed event list is refused and stores nothing", async () => {
    const session = await newSession();
    const response = await post("/sessions/ping", sessionHeaders(session), {
      events: [{ name: "ok" }, { name: "" }],
    });
    expect(response.status).toBe(400);
    expect(await listSessionEvents(server.db.sql, session.gleapId)).toEqual([]);
  });
});

describe("allowed origins", () => {
  test("a project with allowed origins answers them and refuses others", async () => {
    await withDemoProjectOrigins(server, ["https://shop.example"], async () => {
      const allowed = await post("/sessions", { "Api-Token": "demo", Origin: "https://shop.example" }, {});
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
      expect(allowed.headers.get("vary")).toContain("Origin");
      const [{ before }] = await server.db.sql`SELECT count(*) AS before FROM widget_sessions`;
      const refused = await post("/sessions", { "Api-Token": "demo", Origin: "https://evil.example" }, {});
      expect(refused.status).toBe(403);
      const [{ after }] = await server.db.sql`SELECT count(*) AS after FROM widget_sessions`;
      expect(Number(after)).toBe(Number(before));
    });
  });
});

describe("rate limits", () => {
  test("per-IP, per-session and session-start limits answer 429 with Retry-After", async () => {
    const limited = await startTestServer(
      {},
      {
        widgetRateLimits: {
          perIp: { limit: 8, windowMs: 60_000 },
          perSession: { limit: 3, windowMs: 60_000 },
          sessionStartsPerIp: { limit: 2, windowMs: 60_000 },
        },
      },
    );
    try {
      const base = `${limited.mainUrl}/api/widget`;
      const start = () =>
        fetch(`${base}/sessions`, { method: "POST", headers: { "Api-Token": "demo" }, body: "{}" });
      const session = (await (await start()).json()) as WidgetSession;
      expect((await start()).status).toBe(200);
      const thirdStart = await start();
      expect(thirdStart.status).toBe(429);
      expect(Number(thirdStart.headers.get("retry-after"))).toBeGreaterThan(0);
      // Exposed, so the SDK (a cross-origin page script) can read it.
      expect(thirdStart.headers.get("access-control-expose-headers")).toBe("Retry-After");

      const ping = () =>
        fetch(`${base}/sessions/ping`, { method: "POST", headers: sessionHeaders(session), body: "{}" });
      expect((await ping()).status).toBe(200);
      expect((await ping()).status).toBe(200);
      expect((await ping()).status).toBe(200);
      await expectError(await ping(), 429, { error: "Too many requests, slow down" });

      // 8 requests per IP in all: 3 starts + 4 pings so far, one more passes the IP limit.
      expect((await fetch(`${base}/config/demo`)).status).toBe(200);
      const overIp = await fetch(`${base}/config/demo`);
      expect(overIp.status).toBe(429);
      expect(overIp.headers.get("retry-after")).not.toBeNull();
    } finally {
      await limited.dispose();
    }
  });
});
