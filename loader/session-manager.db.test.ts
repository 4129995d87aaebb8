import { afterEach, describe, expect, jest, test } from "bun:test";
import { createHmac } from "node:crypto";
import { startedBeforeAll } from "../src/server/test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../src/server/test-support/test-server.ts";
import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import { writeSessionCookie } from "./cookies.ts";
import { createHttpClient } from "./http-client.ts";
import { startRateLimitedServer } from "./rate-limited-server-test-support.ts";
import {
  type CookieJar,
  createSessionManager,
  type SessionManager,
  type SessionManagerDeps,
} from "./session-manager.ts";

interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** Date.now() when the request left (the fake clock under fake timers). */
  at: number;
}

const storageKey = "gleap-widget-session-demo";
/** Writes a cookie the way a host page does (the SDK reads document.cookie). */
function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the host page, which sets its cookies this way.
  document.cookie = value;
}

/** A jar over `page` (the document, or a recording stand-in) that writes as the SDK's late file does. */
const jarOf = (page: { cookie: string }): CookieJar => ({
  read: () => page.cookie,
  write: (...cookie) => writeSessionCookie(page, ...cookie),
});

/** The loader's late file, as the SDK fetches it: the session's writes are built there. */
const late = () => import("./late-chunk.ts");

const server = startedBeforeAll(() => startTestServer());

const managers: SessionManager[] = [];

afterEach(() => {
  for (const manager of managers.splice(0)) manager.stop();
  jest.useRealTimers();
  localStorage.clear();
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    // happy-dom keeps a cookie written with Max-Age=0 (as an empty value); a past expiry removes it.
    if (name) setCookie(`${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`);
  }
});

/**
 * A session manager of the demo project that keeps its session in local storage, no cookie, speaks
 * English and reports nothing, unless `options` say otherwise; stopped after the test.
 */
function managerWith(options: Partial<SessionManagerDeps> & Pick<SessionManagerDeps, "request">) {
  const manager = createSessionManager({
    sdkKey: "demo",
    storage: localStorage,
    cookieJar: () => null,
    language: () => "en-us",
    sdkVersion: "14.6.7",
    late,
    onChange: () => {},
    report: () => {},
    ...options,
  });
  managers.push(manager);
  return manager;
}

/** A session manager over the real server whose requests are recorded. */
function setup(
  options: {
    sdkKey?: string;
    target?: TestServer;
    storage?: Storage | null;
    cookies?: boolean;
    lang?: string;
  } = {},
) {
  const {
    sdkKey = "demo",
    target = server,
    storage = localStorage,
    cookies = false,
    lang = "en-us",
  } = options;
  const sent: SentRequest[] = [];
  const recordingFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    sent.push({
      method: init?.method ?? "GET",
      path: url.pathname,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      at: Date.now(),
    });
    return fetch(input, init);
  }) as typeof fetch;
  const client = createHttpClient(
    recordingFetch,
    () => `${target.mainUrl}/api/widget`,
    () => ({ "Api-Token": sdkKey }),
  );
  const inFlight: Array<Promise<unknown>> = [];
  const request = <T>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ) => {
    const answer = client<T>(method, path, body, extraHeaders);
    inFlight.push(answer.catch(() => undefined));
    return answer;
  };
  const changes: Array<{ session: WidgetSession; previousId: string | null }> = [];
  const reports: Array<{ message: string; error: unknown }> = [];
  const reportWaiters: Array<() => void> = [];
  const manager = managerWith({
    sdkKey,
    request,
    storage,
    cookieJar: () => (cookies ? jarOf(document) : null),
    language: () => lang,
    onChange: (session, previousId) => changes.push({ session, previousId }),
    report: (message, error) => {
      reports.push({ message, error });
      for (const wake of reportWaiters.splice(0)) wake();
    },
  });
  /** Resolves once `count` failures were reported (event driven: works under fake timers). */
  const reported = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (reports.length >= count ? resolve() : reportWaiters.push(check));
      check();
    });
  /** Resolves once every request made so far is answered and the manager has had its turn with it. */
  const answered = async () => {
    await Promise.all(inFlight);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { manager, sent, changes, reports, reported, answered };
}

const stored = () => JSON.parse(localStorage.getItem(storageKey) ?? "null") as WidgetSession | null;

async function sessionRow(id: string) {
  const rows = await server.db
    .sql`SELECT id, user_id, name, email, custom_data, lang FROM widget_sessions WHERE id = ${id}`;
  return rows[0] as
    | {
        id: string;
        user_id: string | null;
        name: string | null;
        email: string | null;
        custom_data: string;
        lang: string | null;
      }
    | undefined;
}

describe("start", () => {
  test("creates a session on the server and stores it under gleap-widget-session-demo", async () => {
    const { manager, sent, changes } = setup();
    expect(manager.ready()).toBe(false);
    expect(manager.current()).toBeNull();

    const session = await manager.start();

    expect(session.gleapId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.gleapHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.lang).toBe("en-us");
    expect(manager.ready()).toBe(true);
    expect(manager.current()).toEqual(session);
    expect(stored()).toEqual(session);
    expect(manager.headers()).toEqual({ "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.path).toBe("/api/widget/sessions");
    expect(sent[0]?.body).toEqual({ lang: "en-us" });
    expect(sent[0]?.headers["Api-Token"]).toBe("demo");
    expect(sent[0]?.headers["Gleap-Id"]).toBeUndefined();
    expect(sent[0]?.headers["Gleap-Hash"]).toBeUndefined();
    expect(changes).toEqual([{ session, previousId: null }]);
    expect((await sessionRow(session.gleapId))?.id).toBe(session.gleapId);
  });

  test("a stored valid session is resumed: Gleap-Id and Gleap-Hash are sent and the id stays", async () => {
    const first = await setup().manager.start();
    const { manager, sent } = setup();

    const resumed = await manager.start();

    expect(resumed.gleapId).toBe(first.gleapId);
    expect(resumed.gleapHash).toBe(first.gleapHash);
    expect(sent[0]?.headers["Gleap-Id"]).toBe(first.gleapId);
    expect(sent[0]?.headers["Gleap-Hash"]).toBe(first.gleapHash);
    expect(stored()?.gleapId).toBe(first.gleapId);
  });

  test("a stored session with a forged hash is replaced by a fresh one", async () => {
    const first = await setup().manager.start();
    localStorage.setItem(storageKey, JSON.stringify({ ...first, gleapHash: "0".repeat(64) }));
    const { manager, sent } = setup();

    const fresh = await manager.start();

    expect(sent[0]?.headers["Gleap-Hash"]).toBe("0".repeat(64));
    expect(fresh.gleapId).not.toBe(first.gleapId);
    expect(stored()?.gleapId).toBe(fresh.gleapId);
  });

  test.each([
    ["not JSON", "{broken"],
    ["without a hash", JSON.stringify({ gleapId: "g1" })],
    ["with a numeric id", JSON.stringify({ gleapId: 1, gleapHash: "h" })],
  ])("a stored value %s is ignored (no session headers sent)", async (_case, raw) => {
    localStorage.setItem(storageKey, raw);
    const { manager, sent } = setup();
    const session = await manager.start();
    expect(sent[0]?.headers["Gleap-Id"]).toBeUndefined();
    expect(stored()).toEqual(session);
  });

  test("the language is sent with the start", async () => {
    const { manager, sent } = setup({ lang: "de" });
    const session = await manager.start();
    expect(sent[0]?.body).toEqual({ lang: "de" });
    expect(session.lang).toBe("de");
  });

  test("a refused start (unknown key, 401) clears the stored session and retries after 10 s, then 40 s", async () => {
    jest.useFakeTimers();
    localStorage.setItem(
      "gleap-widget-session-nope",
      JSON.stringify({ gleapId: "old", gleapHash: "old-hash" }),
    );
    const { manager, sent, reports, reported } = setup({ sdkKey: "nope" });

    void manager.start();
    await reported(1);

    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers["Gleap-Id"]).toBe("old");
    expect(localStorage.getItem("gleap-widget-session-nope")).toBeNull();
    expect(reports[0]?.message).toBe("session start failed");
    expect(reports[0]?.error).toEqual({
      status: 401,
      statusText: "Unauthorized",
      responseText: '{"error":"Unknown SDK key"}',
    });
    expect(manager.ready()).toBe(false);

    jest.advanceTimersByTime(9_999);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    await reported(2);
    // The stored session was cleared, so the retry starts from scratch.
    expect(sent[1]?.headers["Gleap-Id"]).toBeUndefined();
    expect((sent[1]?.at ?? 0) - (sent[0]?.at ?? 0)).toBe(10_000);

    jest.advanceTimersByTime(39_999);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sent).toHaveLength(3);
    await reported(3);
    expect((sent[2]?.at ?? 0) - (sent[1]?.at ?? 0)).toBe(40_000);

    manager.stop();
    jest.advanceTimersByTime(200_000);
    expect(sent).toHaveLength(3);
    expect(reports).toHaveLength(3);
  });

  test("a retry that succeeds resolves start with the new session", async () => {
    jest.useFakeTimers();
    const target = await startTestServer();
    try {
      let key = "wrong-key";
      const sent: string[] = [];
      const request = createHttpClient(
        ((input: string, init?: RequestInit) => {
          sent.push((init?.headers as Record<string, string> | undefined)?.["Api-Token"] ?? "");
          return fetch(input, init);
        }) as typeof fetch,
        () => `${target.mainUrl}/api/widget`,
        () => ({ "Api-Token": key }),
      );
      let failures = 0;
      let wake = () => {};
      const manager = managerWith({
        request,
        report: () => {
          failures++;
          wake();
        },
      });
      const started = manager.start();
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      expect(failures).toBe(1);
      key = "demo";
      jest.advanceTimersByTime(10_000);
      const session = await started;
      expect(sent).toEqual(["wrong-key", "demo"]);
      expect(session.gleapId).toMatch(/^[0-9a-f-]{36}$/);
      expect(stored()).toEqual(session);
    } finally {
      jest.useRealTimers();
      await target.dispose();
    }
  });

  test("a 429 keeps the stored session (and is retried later)", async () => {
    const limited = await startRateLimitedServer({ sessionStartsPerIp: 1 });
    try {
      const first = await setup({ target: limited }).manager.start();
      expect(stored()).toEqual(first);
      const { manager, sent, reports, reported } = setup({ target: limited });

      void manager.start();
      await reported(1);

      expect(sent[0]?.headers["Gleap-Id"]).toBe(first.gleapId);
      expect((reports[0]?.error as { status: number } | undefined)?.status).toBe(429);
      expect(stored()).toEqual(first);
      expect(manager.ready()).toBe(false);
      manager.stop();
    } finally {
      await limited.dispose();
    }
  });

  test("an answer without a gleapId is not a session: it is reported and retried", async () => {
    jest.useFakeTimers();
    const answers = [{ nothing: true }, { gleapId: "" }];
    const requestLog: string[] = [];
    let wake = () => {};
    const reports: unknown[] = [];
    const manager = managerWith({
      request: (async (_method: string, path: string) => {
        requestLog.push(path);
        return answers.shift() ?? { gleapId: "g-final", gleapHash: "h-final" };
      }) as never,
      report: (_message, error) => {
        reports.push(error);
        wake();
      },
    });
    const started = manager.start();
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    expect(reports[0]).toEqual({ status: 200, statusText: "No session in answer", responseText: "" });
    expect(manager.current()).toBeNull();
    const second = new Promise<void>((resolve) => {
      wake = resolve;
    });
    jest.advanceTimersByTime(10_000);
    await second;
    jest.advanceTimersByTime(40_000);
    expect((await started).gleapId).toBe("g-final");
    expect(requestLog).toEqual(["/sessions", "/sessions", "/sessions"]);
  });
});

describe("identify", () => {
  test("before a session exists it rejects with Session not ready yet.", async () => {
    const { manager, sent } = setup();
    await expect(manager.identify("u1")).rejects.toEqual({
      status: 0,
      statusText: "Session not ready yet.",
      responseText: "",
    });
    expect(sent).toHaveLength(0);
  });

  test("sends userId, userHash, lang, the user fields and flattened custom data; the answer replaces the session", async () => {
    const { manager, sent } = setup();
    const anonymous = await manager.start();

    const identified = await manager.identify(
      "user-1",
      { name: "Ada", email: "ada@example.com", plan: "pro", customData: { team: "core", seats: 3 } },
      "hash-1",
    );

    const call = sent[1] as SentRequest;
    expect(call.path).toBe("/api/widget/sessions/identify");
    expect(call.body).toEqual({
      team: "core",
      seats: 3,
      name: "Ada",
      email: "ada@example.com",
      plan: "pro",
      userId: "user-1",
      userHash: "hash-1",
      lang: "en-us",
    });
    expect(call.headers["Gleap-Id"]).toBe(anonymous.gleapId);
    expect(call.headers["Gleap-Hash"]).toBe(anonymous.gleapHash);
    expect(identified?.gleapId).toBe(anonymous.gleapId);
    expect(identified?.userId).toBe("user-1");
    expect(identified?.name).toBe("Ada");
    expect(identified?.customData).toEqual({ team: "core", seats: 3, plan: "pro" });
    expect(manager.current()).toEqual(identified);
    expect(stored()).toEqual(identified);
    const row = await sessionRow(anonymous.gleapId);
    expect(row?.user_id).toBe("user-1");
    expect(row?.email).toBe("ada@example.com");
    expect(JSON.parse(row?.custom_data ?? "{}")).toEqual({ team: "core", seats: 3, plan: "pro" });
  });

  test("a numeric user id is sent as text", async () => {
    const { manager, sent } = setup();
    await manager.start();
    const identified = await manager.identify(42 as unknown as string);
    expect((sent[1]?.body as { userId: unknown } | undefined)?.userId).toBe("42");
    expect(identified?.userId).toBe("42");
  });

  test("is skipped (no request) when nothing changed", async () => {
    const { manager, sent } = setup();
    await manager.start();
    const data = { name: "Ada", email: "ada@example.com", customData: { team: "core" }, plan: "pro" };
    const first = await manager.identify("user-2", data);
    expect(sent).toHaveLength(2);

    const again = await manager.identify("user-2", { ...data, customData: { team: "core" } });
    expect(sent).toHaveLength(2);
    expect(again).toBe(manager.current());
    expect(again).toEqual(first);

    await manager.identify("user-2", { ...data, name: "Ada L." });
    expect(sent).toHaveLength(3);
    expect(manager.current()?.name).toBe("Ada L.");

    await manager.identify("user-2", { ...data, name: "Ada L.", customData: { team: "platform" } });
    expect(sent).toHaveLength(4);
    expect(manager.current()?.customData).toMatchObject({ team: "platform" });

    await manager.identify("user-3", { ...data, name: "Ada L.", customData: { team: "platform" } });
    expect(sent).toHaveLength(5);
  });

  test("an answer that makes the visitor a different session (verified identify) calls onChange with the previous id", async () => {
    const [project] = await server.db.sql`SELECT secret FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const userHash = createHmac("sha256", String(project.secret)).update("returning-user").digest("hex");
    const { manager: firstManager } = setup();
    const known = await firstManager.start();
    await firstManager.identify("returning-user", { name: "Known" }, userHash);
    localStorage.clear();

    const { manager, changes } = setup();
    const anonymous = await manager.start();
    expect(anonymous.gleapId).not.toBe(known.gleapId);
    const merged = await manager.identify("returning-user", { name: "Known" }, userHash);

    expect(merged?.gleapId).toBe(known.gleapId);
    expect(changes.map((change) => [change.session.gleapId, change.previousId])).toEqual([
      [anonymous.gleapId, null],
      [known.gleapId, anonymous.gleapId],
    ]);
    expect(stored()?.gleapId).toBe(known.gleapId);
  });

  test("an unverified identify with another visitor's user id keeps the visitor's own session", async () => {
    const { manager: firstManager } = setup();
    const other = await firstManager.start();
    await firstManager.identify("claimed-user", { name: "Other", email: "other@example.com" });
    localStorage.clear();

    const { manager, changes } = setup();
    const own = await manager.start();
    const answer = await manager.identify("claimed-user");
    expect(answer?.gleapId).toBe(own.gleapId);
    expect(answer?.gleapId).not.toBe(other.gleapId);
    expect(answer).toMatchObject({ userId: "claimed-user", name: null, email: null });
    expect(changes).toHaveLength(1);
    expect(stored()?.gleapId).toBe(own.gleapId);
  });
});

describe("update (partialupdate)", () => {
  test("before a session exists it rejects with Session not ready yet.", async () => {
    const { manager } = setup();
    await expect(manager.update({ name: "x" })).rejects.toMatchObject({
      status: 0,
      statusText: "Session not ready yet.",
    });
  });

  test("sends {data (fields, flattened custom data, lang), type js, sdkVersion, ws true}; the answer replaces the session", async () => {
    const { manager, sent } = setup();
    const session = await manager.start();

    const updated = await manager.update({
      name: "Bob",
      phone: "+100",
      customData: { tier: "gold" },
      seats: 2,
    });

    const call = sent[1] as SentRequest;
    expect(call.path).toBe("/api/widget/sessions/partialupdate");
    expect(call.body).toEqual({
      data: { tier: "gold", name: "Bob", phone: "+100", seats: 2, lang: "en-us" },
      type: "js",
      sdkVersion: "14.6.7",
      ws: true,
    });
    expect(call.headers["Gleap-Id"]).toBe(session.gleapId);
    expect(updated?.name).toBe("Bob");
    expect(updated?.phone).toBe("+100");
    expect(updated?.customData).toEqual({ tier: "gold", seats: 2 });
    expect(stored()).toEqual(updated);
    const row = await sessionRow(session.gleapId);
    expect(row?.name).toBe("Bob");
  });

  test("identify and update called together run in call order: the later one's fields are kept", async () => {
    const { manager, sent } = setup();
    await manager.start();

    const identified = manager.identify("user-77", { name: "Grace" });
    const updated = manager.update({ phone: "+49 30 1234" });
    // The update waits for identify's answer: only one request is out.
    await identified;
    expect(sent.map((call) => call.path)).toEqual(["/api/widget/sessions", "/api/widget/sessions/identify"]);
    await updated;

    expect(sent.map((call) => call.path).slice(1)).toEqual([
      "/api/widget/sessions/identify",
      "/api/widget/sessions/partialupdate",
    ]);
    expect(manager.current()).toMatchObject({ userId: "user-77", name: "Grace", phone: "+49 30 1234" });
  });

  test("is skipped (no request) when nothing changed", async () => {
    const { manager, sent } = setup();
    await manager.start();
    await manager.update({ name: "Bob", customData: { tier: "gold" } });
    expect(sent).toHaveLength(2);

    const same = await manager.update({ name: "Bob", customData: { tier: "gold" } });
    expect(sent).toHaveLength(2);
    expect(same).toBe(manager.current());

    await manager.update({ name: "Bob", customData: { tier: "silver" } });
    expect(sent).toHaveLength(3);
    await manager.update({ email: "bob@example.com" });
    expect(sent).toHaveLength(4);
    expect(manager.current()?.email).toBe("bob@example.com");
  });

  test("an empty update changes nothing and sends nothing; a new language is sent (setLanguage)", async () => {
    const { manager, sent } = setup();
    await manager.start();
    await manager.update({});
    expect(sent).toHaveLength(1);
    await manager.update({ lang: "de" });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.path).toBe("/api/widget/sessions/partialupdate");
  });

  test("identify with the same name and e-mail and no custom data is sent once (customData was compared with undefined)", async () => {
    const { manager, sent } = setup();
    await manager.start();
    await manager.identify("user-twice", { name: "Ann", email: "ann@example.com" });
    await manager.identify("user-twice", { name: "Ann", email: "ann@example.com" });
    await manager.update({ name: "Ann", email: "ann@example.com" });
    expect(sent.map((call) => call.path)).toEqual(["/api/widget/sessions", "/api/widget/sessions/identify"]);
  });
});

describe("session cookie", () => {
  test("with a cookie jar the session id and hash are written to a 365-day cookie", async () => {
    const { manager } = setup({ storage: null, cookies: true });
    const session = await manager.start();
    const raw = document.cookie
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${storageKey}=`));
    expect(raw).toBeDefined();
    expect(JSON.parse(decodeURIComponent(raw?.slice(storageKey.length + 1) ?? ""))).toEqual({
      gleapId: session.gleapId,
      gleapHash: session.gleapHash,
    });
    expect(localStorage.getItem(storageKey)).toBeNull();
  });

  test("the cookie is written with Max-Age 365 days, Path / and SameSite Lax", async () => {
    const writes: string[] = [];
    const jar = {
      get cookie() {
        return "";
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    const manager = managerWith({
      request: createHttpClient(
        fetch,
        () => `${server.mainUrl}/api/widget`,
        () => ({ "Api-Token": "demo" }),
      ),
      storage: null,
      cookieJar: () => jarOf(jar),
    });
    const session = await manager.start();
    const value = encodeURIComponent(
      JSON.stringify({ gleapId: session.gleapId, gleapHash: session.gleapHash }),
    );
    expect(writes).toEqual([`${storageKey}=${value}; Max-Age=31536000; Path=/; SameSite=Lax`]);
  });

  test("without local storage the session is resumed from the cookie", async () => {
    const first = await setup({ storage: null, cookies: true }).manager.start();
    const { manager, sent } = setup({ storage: null, cookies: true });

    const resumed = await manager.start();

    expect(sent[0]?.headers["Gleap-Id"]).toBe(first.gleapId);
    expect(sent[0]?.headers["Gleap-Hash"]).toBe(first.gleapHash);
    expect(resumed.gleapId).toBe(first.gleapId);
  });

  test("without a cookie jar no cookie is written", async () => {
    await setup().manager.start();
    expect(document.cookie).not.toContain(storageKey);
  });
});

describe("clear", () => {
  test("forgets the session, starts a fresh one without session headers and reports the change", async () => {
    const { manager, changes, sent } = setup();
    const first = await manager.start();

    const second = await manager.clear();

    expect(second.gleapId).not.toBe(first.gleapId);
    expect(sent[1]?.headers["Gleap-Id"]).toBeUndefined();
    expect(changes).toHaveLength(2);
    expect(changes[0]).toEqual({ session: first, previousId: null });
    expect(changes[1]).toEqual({ session: second, previousId: first.gleapId });
    expect(stored()).toEqual(second);
    expect(manager.current()).toEqual(second);
  });

  test("clears the session cookie too", async () => {
    const { manager } = setup({ storage: null, cookies: true });
    const first = await manager.start();
    const writes: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(document), "cookie");
    // Observe the clearing write without changing what the jar does.
    Object.defineProperty(document, "cookie", {
      configurable: true,
      get: () => original?.get?.call(document),
      set: (value: string) => {
        writes.push(value);
        original?.set?.call(document, value);
      },
    });
    try {
      const second = await manager.clear();
      expect(writes[0]).toBe(`${storageKey}=; Max-Age=0; Path=/; SameSite=Lax`);
      expect(decodeURIComponent(writes[1] ?? "")).toContain(second.gleapId);
      expect(second.gleapId).not.toBe(first.gleapId);
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });
});

describe("stop", () => {
  test("an answer that arrives after stop() is dropped: nothing stored, no change announced", async () => {
    const { manager, changes, sent, answered } = setup();
    const pending = manager.start();
    manager.stop();
    await answered();
    expect(sent).toHaveLength(1);
    expect(changes).toEqual([]);
    expect(stored()).toBeNull();
    expect(manager.current()).toBeNull();
    void pending;
  });

  test("forget() removes the session from storage and the cookie", async () => {
    const { manager } = setup({ cookies: true });
    await manager.start();
    expect(document.cookie).toContain(storageKey);
    manager.forget();
    expect(stored()).toBeNull();
    expect(manager.current()).toBeNull();
    expect(document.cookie.includes(`${storageKey}=%7B`)).toBe(false);
  });

  test("a stopped manager does not start", async () => {
    const { manager, sent } = setup();
    manager.stop();
    void manager.start();
    await Bun.sleep(50);
    expect(sent).toHaveLength(0);
  });
});
