import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { WidgetSession } from "../../shared/widget-session.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { findProjectBySdkKey, updateProjectSettings } from "./projects-repository.ts";
import { listSessionEvents } from "./sessions-repository.ts";

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer();
  api = `${server.mainUrl}/api/widget`;
});

afterAll(() => server.dispose());

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

async function sessionRow(id: string) {
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

  test("a known user id merges the anonymous session into the user's session", async () => {
    const first = await newSession();
    const original = (await (
      await post("/sessions/identify", sessionHeaders(first), { userId: "merge-me", name: "First" })
    ).json()) as WidgetSession;
    const second = await newSession();
    await post("/sessions/ping", sessionHeaders(second), { time: 3, events: [{ name: "signedUp" }] });

    const merged = (await (
      await post("/sessions/identify", sessionHeaders(second), { userId: "merge-me", email: "m@example.com" })
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
    await updateProjectSettings(server.db.sql, project.id, { identityVerification: true });
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
      await updateProjectSettings(server.db.sql, project.id, { identityVerification: false });
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

describe("session headers", () => {
  test("missing, forged or foreign session headers answer 401", async () => {
    const session = await newSession();
    const none = await post("/sessions/ping", { "Api-Token": "demo" }, { events: [] });
    expect(none.status).toBe(401);
    const forged = await post(
      "/sessions/ping",
      { ...sessionHeaders(session), "Gleap-Hash": "f".repeat(64) },
      {},
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "Invalid session" });
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
    const project = await findProjectBySdkKey(server.db.sql, "demo");
    if (!project) throw new Error("no demo project");
    await updateProjectSettings(server.db.sql, project.id, { allowedOrigins: ["https://shop.example"] });
    try {
      const allowed = await post("/sessions", { "Api-Token": "demo", Origin: "https://shop.example" }, {});
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
      expect(allowed.headers.get("vary")).toContain("Origin");
      const [{ before }] = await server.db.sql`SELECT count(*) AS before FROM widget_sessions`;
      const refused = await post("/sessions", { "Api-Token": "demo", Origin: "https://evil.example" }, {});
      expect(refused.status).toBe(403);
      const [{ after }] = await server.db.sql`SELECT count(*) AS after FROM widget_sessions`;
      expect(Number(after)).toBe(Number(before));
    } finally {
      await updateProjectSettings(server.db.sql, project.id, { allowedOrigins: [] });
    }
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
      const fourth = await ping();
      expect(fourth.status).toBe(429);
      expect(await fourth.json()).toEqual({ error: "Too many requests, slow down" });

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
