import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../src/server/test-support/test-server.ts";
import type { WidgetSession } from "../src/shared/widget-session.ts";
import { readStoredSession, SessionStartError, startSession } from "./session-client.ts";

const storageKey = "gleap-widget-session-demo";

let server: TestServer;
let apiUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  apiUrl = `${server.mainUrl}/api/widget`;
});

afterAll(async () => {
  await server.dispose();
});

beforeEach(() => {
  window.localStorage.clear();
});

function start(sdkKey = "demo", lang = "en-us") {
  return startSession({ apiUrl, sdkKey, lang, storage: window.localStorage, fetch: globalThis.fetch });
}

async function sessionRows(id: string) {
  return (await server.db.sql`SELECT * FROM widget_sessions WHERE id = ${id}`) as Array<
    Record<string, unknown>
  >;
}

describe("startSession", () => {
  test("a first start creates a session, stores it whole and persists it on the server", async () => {
    const session = await start("demo", "de");

    expect(typeof session.gleapId).toBe("string");
    expect(session.gleapId.length).toBeGreaterThan(0);
    expect(typeof session.gleapHash).toBe("string");
    expect(session.gleapHash.length).toBeGreaterThan(0);
    expect(session.userId).toBeNull();
    expect(session.lang).toBe("de");
    expect(session.customData).toEqual({});

    const stored = window.localStorage.getItem(storageKey);
    expect(stored).not.toBeNull();
    expect(JSON.parse(stored ?? "null")).toEqual(session);

    const rows = await sessionRows(session.gleapId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(session.gleapId);
    expect(rows[0]?.lang).toBe("de");
  });

  test("a second start sends the stored id and hash and resumes the same session", async () => {
    const first = await start();
    const sent: Headers[] = [];
    const recordingFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return globalThis.fetch(input, init);
    }) as typeof fetch;

    const second = await startSession({
      apiUrl,
      sdkKey: "demo",
      lang: "en-us",
      storage: window.localStorage,
      fetch: recordingFetch,
    });

    expect(sent).toHaveLength(1);
    expect(sent[0]?.get("Gleap-Id")).toBe(first.gleapId);
    expect(sent[0]?.get("Gleap-Hash")).toBe(first.gleapHash);
    expect(sent[0]?.get("Api-Token")).toBe("demo");
    expect(second.gleapId).toBe(first.gleapId);
    expect(second.gleapHash).toBe(first.gleapHash);
    expect(JSON.parse(window.localStorage.getItem(storageKey) ?? "null")).toEqual(second);
    expect(await sessionRows(first.gleapId)).toHaveLength(1);
  });

  test("a first start sends no Gleap-Id or Gleap-Hash header", async () => {
    const sent: Headers[] = [];
    const recordingFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return globalThis.fetch(input, init);
    }) as typeof fetch;

    await startSession({
      apiUrl,
      sdkKey: "demo",
      lang: "en-us",
      storage: window.localStorage,
      fetch: recordingFetch,
    });

    expect(sent).toHaveLength(1);
    expect(sent[0]?.has("Gleap-Id")).toBe(false);
    expect(sent[0]?.has("Gleap-Hash")).toBe(false);
  });

  test("a tampered stored hash gets a new session, which replaces the stored one", async () => {
    const first = await start();
    const lastChar = first.gleapHash.slice(-1) === "0" ? "1" : "0";
    const tampered: WidgetSession = { ...first, gleapHash: `${first.gleapHash.slice(0, -1)}${lastChar}` };
    expect(tampered.gleapHash).not.toBe(first.gleapHash);
    window.localStorage.setItem(storageKey, JSON.stringify(tampered));

    const second = await start();

    expect(second.gleapId).not.toBe(first.gleapId);
    expect(second.gleapHash).not.toBe(tampered.gleapHash);
    expect(JSON.parse(window.localStorage.getItem(storageKey) ?? "null")).toEqual(second);
    expect(await sessionRows(second.gleapId)).toHaveLength(1);
  });

  test("an unknown SDK key rejects with SessionStartError 401 and stores nothing", async () => {
    let caught: unknown;
    try {
      await start("no-such-project");
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(SessionStartError);
    expect((caught as SessionStartError).status).toBe(401);
    expect((caught as SessionStartError).message).toBe("Session start failed with status 401");
    expect(window.localStorage.getItem("gleap-widget-session-no-such-project")).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  test("works without storage (null), starting a fresh session each time", async () => {
    const first = await startSession({
      apiUrl,
      sdkKey: "demo",
      lang: "en-us",
      storage: null,
      fetch: globalThis.fetch,
    });
    const second = await startSession({
      apiUrl,
      sdkKey: "demo",
      lang: "en-us",
      storage: null,
      fetch: globalThis.fetch,
    });

    expect(typeof first.gleapId).toBe("string");
    expect(second.gleapId).not.toBe(first.gleapId);
    expect(window.localStorage.length).toBe(0);
  });
});

describe("readStoredSession", () => {
  test("answers the stored session of that SDK key", async () => {
    const session = await start();
    expect(readStoredSession(window.localStorage, "demo")).toEqual(session);
    expect(readStoredSession(window.localStorage, "other")).toBeNull();
  });

  test("answers null for garbage JSON", () => {
    window.localStorage.setItem(storageKey, "{not json");
    expect(readStoredSession(window.localStorage, "demo")).toBeNull();
  });

  test("answers null for JSON without string gleapId and gleapHash", () => {
    window.localStorage.setItem(storageKey, JSON.stringify({ gleapId: 12, gleapHash: "abc" }));
    expect(readStoredSession(window.localStorage, "demo")).toBeNull();
    window.localStorage.setItem(storageKey, JSON.stringify({ gleapId: "abc" }));
    expect(readStoredSession(window.localStorage, "demo")).toBeNull();
    window.localStorage.setItem(storageKey, "null");
    expect(readStoredSession(window.localStorage, "demo")).toBeNull();
  });

  test("answers null when there is no storage or nothing stored", () => {
    expect(readStoredSession(null, "demo")).toBeNull();
    expect(readStoredSession(window.localStorage, "demo")).toBeNull();
  });
});
