import { afterEach, describe, expect, type Mock, spyOn, test } from "bun:test";
import { createHmac } from "node:crypto";
import ReconnectingWebSocket from "partysocket/ws";
import { createOutbound } from "../src/server/domain/outbounds/outbound-repository.ts";
import { insertProject } from "../src/server/domain/projects/project-settings-repository.ts";
import { updateProjectSettings } from "../src/server/domain/projects/projects-repository.ts";
import { pushToSession } from "../src/server/realtime/widget-socket.ts";
import { startedBeforeAll } from "../src/server/test-support/test-lifecycle.ts";
import { startTestServer } from "../src/server/test-support/test-server.ts";
import { writtenByHand } from "../src/server/test-support/written-by-hand.ts";
import type {
  WidgetChunk,
  WidgetChunkContext,
  WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import type { WidgetPush } from "../src/shared/widget-socket-pushes.ts";
import * as networkLogChunk from "../src/widget/network-log/network-log-chunk.ts";
import * as reportChunk from "../src/widget/report/report-chunk.ts";
import { type CommandTarget, replayQueue } from "./command-queue.ts";
import { createGleap, type GleapApi } from "./gleap.ts";
import type { GleapEventName } from "./host-api.ts";
import { hostFunctions } from "./host-functions-test-support.ts";
import { sdkVersion } from "./loader-parts.ts";
import { startRateLimitedServer } from "./rate-limited-server-test-support.ts";

const storageKey = "gleap-widget-session-demo";
/** Writes a cookie the way a host page does (the SDK reads document.cookie). */
function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the host page, which sets its cookies this way.
  document.cookie = value;
}
const nativeFetch = window.fetch;

const server = startedBeforeAll(() => startTestServer());

const created: GleapApi[] = [];
const spies: Array<Mock<(...args: unknown[]) => unknown>> = [];
/** What a test put on the page for itself, taken away after it. */
const undo: Array<() => void> = [];

afterEach(() => {
  // Destroy first (it puts back whatever was there when the SDK wrapped), then undo the test's own doubles.
  for (const api of created.splice(0)) api.destroy();
  for (const spy of spies.splice(0).reverse()) spy.mockRestore();
  for (const step of undo.splice(0).reverse()) step();
  window.fetch = nativeFetch;
  setCookie("agreedToCookiePolicy=; Max-Age=0");
  // happy-dom keeps a cookie written with Max-Age=0 as an empty value; a past expiry removes it.
  setCookie("agreedToCookiePolicy=; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  localStorage.clear();
  history.replaceState(null, "", "/");
  for (const node of document.body.querySelectorAll("a")) node.remove();
});

/** Silences a console method for the test and records its calls (restored after the test). */
function silence(method: "warn" | "error" | "log" | "info") {
  const spy = spyOn(console, method).mockImplementation(() => {}) as unknown as Mock<
    (...args: unknown[]) => unknown
  >;
  spies.push(spy);
  return spy;
}

/** The answers to the requests `recordRequests` saw: how many are still on their way, and each one. */
let traffic = { due: 0, answers: [] as Array<Promise<unknown>> };

/** Records every request that goes through window.fetch from now on (the SDK captures fetch when created). */
function recordRequests() {
  const requests: Array<{ method: string; url: string }> = [];
  const seen = { due: 0, answers: [] as Array<Promise<unknown>> };
  traffic = seen;
  window.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      method: init?.method ?? "GET",
      url: String(input instanceof Request ? input.url : input),
    });
    seen.due++;
    const answer = nativeFetch(input, init).finally(() => {
      seen.due--;
    });
    seen.answers.push(answer.catch(() => undefined));
    return answer;
  }) as typeof fetch;
  return requests;
}

/**
 * Records every request from now on as "METHOD path?query", and holds each answer of POST /sessions
 * until `answerSession` is called: what the start does while its session is on its way.
 */
function holdSessionAnswers() {
  const requests: string[] = [];
  let answerSession = () => {};
  const sessionHeld = new Promise<void>((resolve) => {
    answerSession = resolve;
  });
  window.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    requests.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    const answer = await nativeFetch(input, init);
    if (url.pathname.endsWith("/api/widget/sessions")) await sessionHeld;
    return answer;
  }) as typeof fetch;
  return { requests, answerSession: () => answerSession() };
}

/**
 * Counts the page's reads of document.cookie from now on: the consent poll reads it each time it looks,
 * so a test waits for the poll's reads instead of for a span of time.
 */
function countCookieReads(): () => number {
  let reads = 0;
  let owner = Object.getPrototypeOf(document);
  while (owner && !Object.hasOwn(owner, "cookie")) owner = Object.getPrototypeOf(owner);
  const jar = Object.getOwnPropertyDescriptor(owner, "cookie");
  if (!jar?.get || !jar.set) throw new Error("document.cookie is not an accessor here");
  Object.defineProperty(document, "cookie", {
    configurable: true,
    get: () => {
      reads++;
      return jar.get?.call(document);
    },
    set: (value: string) => jar.set?.call(document, value),
  });
  undo.push(() => delete (document as unknown as Record<string, unknown>).cookie);
  return () => reads;
}

/** The SDK's own source (the loader and the widget chunks), as its files appear in a stack trace. */
const sdkSources = [`${import.meta.dir}/`, `${import.meta.dir.replace(/loader$/, "")}src/widget/`];

/**
 * Records the intervals the SDK sets from now on, with their periods, and which of them were cleared
 * (the page's own functions come back after the test). An interval counts as the SDK's when a frame of
 * its stack is in the SDK's source, not in this file: the test server runs in this process too.
 */
function recordIntervals() {
  const intervals: Array<{ timer: ReturnType<typeof setInterval>; ms: number | undefined }> = [];
  const cleared = new Set<unknown>();
  const { setInterval: nativeSet, clearInterval: nativeClear, clearTimeout: nativeClearTimeout } = globalThis;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const timer = nativeSet(...args);
    const frames = new Error().stack?.split("\n") ?? [];
    const bySdk = frames.some(
      (frame) => !frame.includes(import.meta.path) && sdkSources.some((source) => frame.includes(source)),
    );
    if (bySdk) intervals.push({ timer, ms: args[1] });
    return timer;
  }) as typeof setInterval;
  // clearTimeout stops an interval too.
  globalThis.clearInterval = ((timer: Parameters<typeof clearInterval>[0]) => {
    cleared.add(timer);
    nativeClear(timer);
  }) as typeof clearInterval;
  globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
    cleared.add(timer);
    nativeClearTimeout(timer);
  }) as typeof clearTimeout;
  undo.push(() => {
    globalThis.setInterval = nativeSet;
    globalThis.clearInterval = nativeClear;
    globalThis.clearTimeout = nativeClearTimeout;
  });
  return {
    /** The periods of the intervals the SDK set, in order. */
    set: () => intervals.map(({ ms }) => ms),
    /** The periods of those still running. */
    running: () => intervals.filter(({ timer }) => !cleared.has(timer)).map(({ ms }) => ms),
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(20);
  }
}

function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    Bun.sleep(timeoutMs).then(() => {
      throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    }),
  ]);
}

/**
 * A Gleap over the real server. The network log and the report chunks are the real ones; the launcher
 * is a fake recording what it is given.
 */
function make(
  surfaces: WidgetChunkName[] = [],
  loadSocket: () => typeof ReconnectingWebSocket | Promise<typeof ReconnectingWebSocket> = () =>
    ReconnectingWebSocket,
) {
  const loads: WidgetChunkName[] = [];
  const mounts: WidgetChunkContext[] = [];
  const runs: Array<[string, unknown[]]> = [];
  let unmounts = 0;
  const chunk: WidgetChunk = {
    mount(context) {
      mounts.push(context);
      return () => {
        unmounts++;
      };
    },
    run(command, args) {
      runs.push([command, args]);
    },
  };
  const api = createGleap({
    window,
    apiUrl: `${server.mainUrl}/api/widget`,
    loadChunk: async (name) => {
      loads.push(name);
      if (name === "network-log") return networkLogChunk;
      if (name === "report") return reportChunk;
      return chunk;
    },
    availableSurfaces: ["launcher", "network-log", "report", ...surfaces],
    loadSocket,
    loadLate: () => import("./late-chunk.ts"),
  });
  created.push(api);
  const initialized = new Promise<void>((resolve) => api.on("initialized", () => resolve()));
  return { api, loads, mounts, runs, unmounts: () => unmounts, initialized };
}

async function booted(surfaces: WidgetChunkName[] = []) {
  const made = make(surfaces);
  made.api.initialize("demo", { requireCookieConsent: false });
  await within(made.initialized, 5000, "initialized");
  return made;
}

function expectSameFunctions(
  actual: ReturnType<typeof hostFunctions>,
  expected: ReturnType<typeof hostFunctions>,
) {
  expect(actual.log).toBe(expected.log);
  expect(actual.warn).toBe(expected.warn);
  expect(actual.error).toBe(expected.error);
  expect(actual.fetch).toBe(expected.fetch);
  expect(actual.open).toBe(expected.open);
  expect(actual.send).toBe(expected.send);
}

async function sessionCount(): Promise<number> {
  const rows = await server.db.sql`SELECT COUNT(*) AS n FROM widget_sessions`;
  return Number((rows[0] as { n: number | string }).n);
}

async function eventNames(sessionId: string): Promise<string[]> {
  const rows = await server.db.sql`SELECT name FROM widget_session_events WHERE session_id = ${sessionId}`;
  return (rows as Array<{ name: string }>).map((row) => row.name);
}

describe("cookie consent gate", () => {
  test("a project that waits for consent: only its config is asked for, one info line says why, the cookie starts it at once", async () => {
    const info = silence("info");
    const requests = recordRequests();
    const cookieReads = countCookieReads();
    const before = hostFunctions();
    const sessionsBefore = await sessionCount();
    const { api, initialized } = make();
    let fired = false;
    void initialized.then(() => {
      fired = true;
    });

    api.initialize("demo");
    // The config decides, says why in the info line, and the poll looks at the cookie: then nothing
    // more happens (a start would send its first request a task later).
    await until(() => info.mock.calls.length > 0);
    const readsAtInfo = cookieReads();
    await until(() => cookieReads() > readsAtInfo);
    await Bun.sleep(50);
    // The demo project's setting "Wait for cookie consent" is on: its config says so, nothing else is sent.
    expect(requests).toEqual([{ method: "GET", url: `${server.mainUrl}/api/widget/config/demo?lang=en-us` }]);
    expectSameFunctions(hostFunctions(), before);
    expect(api.getSession()).toBeNull();
    expect(fired).toBe(false);
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.calls[0]?.[0])).toContain("agreedToCookiePolicy=true");
    expect(String(info.mock.calls[0]?.[0])).toContain("Wait for cookie consent");

    setCookie("agreedToCookiePolicy=false");
    const readsAtNo = cookieReads();
    await until(() => cookieReads() > readsAtNo);
    await Bun.sleep(50);
    expect(requests).toHaveLength(1);
    expectSameFunctions(hostFunctions(), before);
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(fired).toBe(false);

    setCookie("agreedToCookiePolicy=true");
    const consentedAt = performance.now();
    await until(() => requests.length > 1, 2000);
    // No reload and no long poll: the session is asked for within a few hundred ms.
    expect(performance.now() - consentedAt).toBeLessThan(600);
    await within(initialized, 4000, "initialized");
    expect(requests[1]).toEqual({ method: "POST", url: `${server.mainUrl}/api/widget/sessions` });
    // The boot reuses the config it loaded to decide.
    expect(requests.filter((request) => request.url.includes("/config/demo?"))).toHaveLength(1);
    expect(api.getSession()?.gleapId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sessionCount()).toBe(sessionsBefore + 1);
    expect(console.log).not.toBe(before.log);
    expect(info).toHaveBeenCalledTimes(1);
    // The network log is its own chunk, started once the config enables it.
    await until(() => window.fetch !== before.fetch);
  }, 15_000);

  test("a language chosen while waiting for consent: the start asks for its config, not the one the check used", async () => {
    silence("info");
    const requests = recordRequests();
    const { api, initialized } = make();
    const configsAtStart: string[] = [];
    api.on("initialized", () =>
      configsAtStart.push(
        ...requests.map((request) => request.url).filter((url) => url.includes("/config/demo?")),
      ),
    );
    api.initialize("demo");
    await until(() => requests.length > 0);
    api.setLanguage("de");
    setCookie("agreedToCookiePolicy=true");
    await within(initialized, 4000, "initialized");
    // Before `initialized`, not only by setLanguage's own reload a second later.
    expect(configsAtStart).toContain(`${server.mainUrl}/api/widget/config/demo?lang=de`);
  });

  test("a project that does not wait starts without the cookie; initialize(key, {requireCookieConsent: true}) makes it wait", async () => {
    const info = silence("info");
    const projectId = Bun.randomUUIDv7();
    const sdkKey = `no-consent-${projectId}`;
    await server.db.sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
      VALUES (${projectId}, ${"New site"}, ${sdkKey}, ${"secret"}, ${"{}"}, ${new Date().toISOString()})`;

    const first = make();
    first.api.initialize(sdkKey);
    await within(first.initialized, 5000, "initialized");
    expect(info).not.toHaveBeenCalled();
    first.api.destroy();

    const requests = recordRequests();
    const timers = recordIntervals();
    const second = make();
    const cookieReads = countCookieReads();
    second.api.initialize(sdkKey, { requireCookieConsent: true });
    // It reads the cookie at once, then its poll (every 250 ms) reads it again: still nothing is sent,
    // and the poll is all that runs.
    await until(() => cookieReads() >= 2);
    expect(requests).toEqual([]);
    expect(info).toHaveBeenCalledTimes(1);
    expect(timers.running()).toEqual([250]);
    second.api.destroy();
    expect(timers.running()).toEqual([]);
  });

  test("with the consent cookie already true it starts at once", async () => {
    setCookie("agreedToCookiePolicy=true");
    const requests = recordRequests();
    const { api, initialized } = make();
    const started = performance.now();
    api.initialize("demo");
    await until(() => requests.length > 0, 900);
    // The cookie is read at once: the session is the first request, before any config.
    expect(performance.now() - started).toBeLessThan(500);
    expect(requests[0]).toEqual({ method: "POST", url: `${server.mainUrl}/api/widget/sessions` });
    await within(initialized, 5000, "initialized");
  });

  test("initialize(key, { requireCookieConsent: false }) starts at once without the cookie", async () => {
    const requests = recordRequests();
    const { api, initialized, loads, mounts } = make();
    const started = performance.now();

    api.initialize("demo", { requireCookieConsent: false });
    await until(() => requests.length > 0, 900);
    expect(performance.now() - started).toBeLessThan(500);
    expect(requests[0]).toEqual({ method: "POST", url: `${server.mainUrl}/api/widget/sessions` });

    await within(initialized, 5000, "initialized");
    expect(requests).toContainEqual({
      method: "GET",
      url: `${server.mainUrl}/api/widget/config/demo?lang=en-us`,
    });
    const session = api.getSession();
    expect(session?.gleapId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(localStorage.getItem(storageKey) ?? "null")).toEqual(session);

    // The network log (the config enables it) and the launcher are loaded; the launcher is mounted
    // into the widget's shadow root.
    await until(() => mounts.length === 1);
    expect(loads.toSorted()).toEqual(["launcher", "network-log"]);
    const host = document.getElementById("gleap-widget-root");
    expect(host).not.toBeNull();
    expect(mounts[0]?.root).toBe(host?.shadowRoot as ShadowRoot);
    expect(mounts[0]?.session).toEqual(session as NonNullable<typeof session>);
    expect(mounts[0]?.flowConfig.color).toBe("#485BFF");
  });

  test("destroy while waiting for consent stops the poll: a later cookie starts nothing", async () => {
    const info = silence("info");
    const requests = recordRequests();
    const timers = recordIntervals();
    const before = hostFunctions();
    const { api } = make();

    // Destroyed before the config has decided: once its answer is in, no poll was ever started.
    api.initialize("demo");
    api.destroy();
    setCookie("agreedToCookiePolicy=true");
    await Promise.all(traffic.answers);
    await Bun.sleep(100);
    expect(timers.set()).toEqual([]);
    // The config asked for to decide may have left; nothing after it.
    expect(requests.filter((request) => !request.url.includes("/config/"))).toEqual([]);
    expectSameFunctions(hostFunctions(), before);
    expect(api.getSession()).toBeNull();

    // Destroyed while the poll runs: destroy clears it, and the cookie set after starts nothing.
    setCookie("agreedToCookiePolicy=false");
    api.initialize("demo");
    await until(() => timers.set().length > 0);
    expect(timers.running()).toEqual([250]);
    expect(info).toHaveBeenCalledTimes(1);
    api.destroy();
    expect(timers.running()).toEqual([]);
    setCookie("agreedToCookiePolicy=true");
    await Promise.all(traffic.answers);
    await Bun.sleep(50);
    expect(requests.filter((request) => !request.url.includes("/config/"))).toEqual([]);
    expectSameFunctions(hostFunctions(), before);
    expect(api.getSession()).toBeNull();
  });
});

describe("initialize", () => {
  test("a second initialize warns exactly 'Gleap already initialized.' and starts nothing", async () => {
    const warn = silence("warn");
    const requests = recordRequests();
    const { api } = await booted();
    const sessionId = api.getSession()?.gleapId;

    api.initialize("demo", { requireCookieConsent: false });

    expect(warn.mock.calls.filter((args) => args[0] === "Gleap already initialized.")).toEqual([
      ["Gleap already initialized."],
    ]);
    await Bun.sleep(100);
    expect(requests.filter((r) => r.url.endsWith("/sessions"))).toHaveLength(1);
    expect(api.getSession()?.gleapId).toBe(sessionId);
  });

  test("a second initialize while still waiting for consent warns too", () => {
    const warn = silence("warn");
    const { api } = make();
    api.initialize("demo");
    api.initialize("demo");
    expect(warn).toHaveBeenCalledWith("Gleap already initialized.");
  });

  test.each([[""], ["   "], [undefined], [42], [{}]])("initialize(%p) is refused without throwing", (key) => {
    const warn = silence("warn");
    const requests = recordRequests();
    const { api } = make();
    expect(() => api.initialize(key as string, { requireCookieConsent: false })).not.toThrow();
    expect(requests).toEqual([]);
    expect(warn).toHaveBeenCalledWith("Gleap: initialize needs the project's SDK key", "");
  });

  test("the config is asked for beside the session, not after its answer", async () => {
    const { requests, answerSession } = holdSessionAnswers();
    const { api, initialized } = make();
    api.initialize("demo", { requireCookieConsent: false });
    await until(() => requests.includes("GET /api/widget/config/demo?lang=en-us"));
    expect(requests).toContain("POST /api/widget/sessions");
    answerSession();
    await within(initialized, 5000, "initialized");
  });

  test("a language chosen while the config is on its way: the start goes on in that language", async () => {
    const { requests, answerSession } = holdSessionAnswers();
    const { api, initialized } = make();
    const configsAtStart: string[] = [];
    api.on("initialized", () =>
      configsAtStart.push(...requests.filter((request) => request.includes("/config/demo?"))),
    );
    api.initialize("demo", { requireCookieConsent: false });
    await until(() => requests.some((request) => request.includes("/config/demo?lang=")));
    api.setLanguage("de");
    answerSession();
    await within(initialized, 5000, "initialized");
    // Asked for in German before `initialized`, not only by setLanguage's own reload a second later.
    expect(configsAtStart).toContain("GET /api/widget/config/demo?lang=de");
  });

  test("after destroy the SDK can be initialised again", async () => {
    const { api, initialized } = make();
    api.initialize("demo", { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");
    const first = api.getSession()?.gleapId;
    api.destroy();
    const again = new Promise<void>((resolve) => api.on("initialized", () => resolve()));
    api.initialize("demo", { requireCookieConsent: false });
    await within(again, 5000, "initialized again");
    expect(api.getSession()?.gleapId).toMatch(/^[0-9a-f-]{36}$/);
    // destroy cleared the stored session, so this is a fresh visitor.
    expect(api.getSession()?.gleapId).not.toBe(first);
  });
});

describe("destroy", () => {
  test("restores console, fetch and XMLHttpRequest to the exact original functions, removes the root, clears the session, stops timers", async () => {
    const requests = recordRequests();
    const timers = recordIntervals();
    const before = hostFunctions();
    const { api, mounts, unmounts } = await booted();
    await until(() => mounts.length === 1);
    // Spec §9: the page-view check every second, the event stream every 2.5 s, the error reset every
    // minute (then the socket's ping and the tooltips' watch).
    expect(timers.running()).toEqual(expect.arrayContaining([1000, 2500, 60_000]));

    const during = hostFunctions();
    expect(during.log).not.toBe(before.log);
    expect(during.warn).not.toBe(before.warn);
    expect(during.error).not.toBe(before.error);
    expect(during.fetch).not.toBe(before.fetch);
    expect(during.open).not.toBe(before.open);
    expect(during.send).not.toBe(before.send);
    expect(document.getElementById("gleap-widget-root")).not.toBeNull();
    const sessionId = api.getSession()?.gleapId ?? "";
    expect(localStorage.getItem(storageKey)).not.toBeNull();

    // Streaming works while running: a tracked event reaches the server (socket open, 2.5 s interval).
    api.trackEvent("before-destroy", { n: 1 });
    await until(async () => (await eventNames(sessionId)).includes("before-destroy"), 8000);

    api.destroy();

    expectSameFunctions(hostFunctions(), before);
    expect(document.getElementById("gleap-widget-root")).toBeNull();
    expect(localStorage.getItem(storageKey)).toBeNull();
    expect(api.getSession()).toBeNull();
    expect(unmounts()).toBe(1);

    // Every interval the SDK set is cleared, the stream's among them: an event tracked now is never sent.
    expect(timers.running()).toEqual([]);
    const pings = () => requests.filter((request) => request.url.endsWith("/sessions/ping")).length;
    const pingsAtDestroy = pings();
    api.trackEvent("after-destroy");
    await Bun.sleep(100);
    expect(pings()).toBe(pingsAtDestroy);
    expect(await eventNames(sessionId)).not.toContain("after-destroy");
  }, 20_000);

  test("a network logger started before initialize starts with the SDK and is stopped by destroy", async () => {
    const before = hostFunctions();
    const { api, initialized } = make();
    api.startNetworkLogger();
    expect(window.fetch).toBe(before.fetch);
    api.initialize("demo", { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");
    await until(() => window.fetch !== before.fetch);
    api.destroy();
    expectSameFunctions(hostFunctions(), before);
  });

  test("network capture waits for a config that enables it", async () => {
    const project = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const projectId = (project[0] as { id: string }).id;
    const { updateProjectSettings } = await import("../src/server/domain/projects/projects-repository.ts");
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, projectId, { flowConfig: { enableNetworkLogs: false } }),
    );
    try {
      const before = hostFunctions();
      const { api } = await booted();
      expect(window.fetch).toBe(before.fetch);
      expect(XMLHttpRequest.prototype.open).toBe(before.open);
      api.destroy();
    } finally {
      await writtenByHand(
        server,
        updateProjectSettings(server.db.sql, projectId, { flowConfig: { enableNetworkLogs: true } }),
      );
    }
  });

  test("destroy twice and destroy before initialize are harmless", () => {
    const before = hostFunctions();
    const { api } = make();
    expect(() => api.destroy()).not.toThrow();
    expect(() => api.destroy()).not.toThrow();
    expectSameFunctions(hostFunctions(), before);
  });
});

describe("sendSilentCrashReport", () => {
  test("sends a silent CRASH report with console, events and metadata; a second call within 10 s sends nothing", async () => {
    silence("error");
    const { api } = await booted();
    const sessionId = api.getSession()?.gleapId ?? "";
    console.error("boom before the crash report", { code: 7 });

    const answer = (await api.sendSilentCrashReport("It crashed")) as
      | { id: string; type: string }
      | undefined;

    expect(answer?.type).toBe("CRASH");
    const rows = (await server.db.sql`
        SELECT id, type, priority, is_silent, console_log, custom_event_log, meta_data, form_data
        FROM feedback_reports WHERE session_id = ${sessionId}`) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, string | number | boolean>;
    expect(row.id).toBe(answer?.id as string);
    expect(row.type).toBe("CRASH");
    expect(row.priority).toBe("MEDIUM");
    expect(Boolean(row.is_silent)).toBe(true);

    const consoleLog = JSON.parse(String(row.console_log)) as Array<{
      log: string;
      priority: string;
      date: string;
    }>;
    const entry = consoleLog.find((item) => item.log.includes("boom before the crash report"));
    expect(entry?.log).toBe('boom before the crash report {"code":7}');
    expect(entry?.priority).toBe("ERROR");

    const events = JSON.parse(String(row.custom_event_log)) as Array<{ name: string; data?: unknown }>;
    expect(events.map((event) => event.name)).toContain("sessionStarted");
    expect(events.find((event) => event.name === "pageView")?.data).toEqual({ page: window.location.href });

    const meta = JSON.parse(String(row.meta_data)) as Record<string, unknown>;
    expect(meta.sdkType).toBe("javascript");
    expect(meta.sdkVersion).toBe(sdkVersion);
    expect(meta.environment).toBe("prod");
    expect(meta.currentUrl).toBe(window.location.href);
    expect(JSON.parse(String(row.form_data))).toEqual({ description: "It crashed", reportedBy: "" });

    expect(await api.sendSilentCrashReport("again")).toBeUndefined();
    const after = await server.db.sql`SELECT id FROM feedback_reports WHERE session_id = ${sessionId}`;
    expect(after).toHaveLength(1);
  }, 10_000);

  test("the report carries the identified user's email as reportedBy, tags, custom data and the environment", async () => {
    const { api } = await booted();
    await api.identify("crash-user", { email: "crash@example.com" });
    api.setTags(["checkout", 5 as unknown as string]);
    api.setCustomData("cart", "3 items");
    api.setEnvironment("staging");
    await api.sendSilentCrashReport("with context", "HIGH");
    const rows = (await server.db.sql`
      SELECT priority, tags, form_data, custom_data, meta_data FROM feedback_reports
      WHERE session_id = ${api.getSession()?.gleapId ?? ""}`) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.priority).toBe("HIGH");
    expect(JSON.parse(rows[0]?.tags ?? "[]")).toEqual(["checkout"]);
    expect(JSON.parse(rows[0]?.form_data ?? "{}")).toEqual({
      description: "with context",
      reportedBy: "crash@example.com",
    });
    expect(JSON.parse(rows[0]?.custom_data ?? "{}")).toEqual({ cart: "3 items" });
    expect(JSON.parse(rows[0]?.meta_data ?? "{}").environment).toBe("staging");
  });

  test("one sent before the session is ready waits for it and is then sent", async () => {
    const requests = recordRequests();
    const { api } = make();
    const answer = api.sendSilentCrashReport("too early");
    await Bun.sleep(50);
    expect(requests).toEqual([]);
    api.initialize("demo", { requireCookieConsent: false });
    const sent = (await answer) as { id: string } | undefined;
    const [row] = await server.db.sql`SELECT type FROM feedback_reports WHERE id = ${sent?.id ?? ""}`;
    expect(row?.type).toBe("CRASH");
  });
});

describe("surface commands", () => {
  test.each([
    ["startFeedbackFlow", "messenger", ["bugreporting"]],
    ["showSurvey", "messenger", ["s1", "survey_full"]],
    ["openHelpCenter", "messenger", []],
    ["startProductTour", "tours", ["t1"]],
    ["showBanner", "banner", [{}]],
    ["showModal", "modal", [{}]],
    ["showNotification", "notifications", [{}]],
  ] as const)(
    "%s (surface %s, not available) resolves, does not throw and warns naming the surface",
    async (command, surface, args) => {
      const warn = silence("warn");
      const { api, loads } = await booted();
      const method = api[command] as (...a: unknown[]) => unknown;
      let result: unknown;
      expect(() => {
        result = method(...args);
      }).not.toThrow();
      await expect(Promise.resolve(result)).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        `Gleap: ${command} needs the ${surface} surface, which is not available yet`,
        "",
      );
      expect(loads).not.toContain(surface);
    },
  );

  test("before initialize an unavailable surface's command also just warns", () => {
    const warn = silence("warn");
    const { api } = make();
    expect(api.startFeedbackFlow("bugreporting")).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      "Gleap: startFeedbackFlow needs the messenger surface, which is not available yet",
      "",
    );
  });

  test("gleap_* URL parameters are run after boot", async () => {
    const warn = silence("warn");
    history.replaceState(null, "", "/?gleap_feedback=f1");
    await booted();
    expect(warn).toHaveBeenCalledWith(
      "Gleap: startFeedbackFlow needs the messenger surface, which is not available yet",
      "",
    );
  });

  test("clicks on gleap: links are intercepted; an unknown kind logs 'Failed to handle Gleap link'", async () => {
    const warn = silence("warn");
    const error = silence("error");
    await booted();
    const good = document.createElement("a");
    good.href = "gleap://x/article/a1";
    const bad = document.createElement("a");
    bad.href = "gleap://x/unknown/1";
    document.body.append(good, bad);

    const goodClick = new MouseEvent("click", { bubbles: true, cancelable: true });
    good.dispatchEvent(goodClick);
    expect(goodClick.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      "Gleap: openHelpCenterArticle needs the messenger surface, which is not available yet",
      "",
    );

    bad.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(error.mock.calls.some((args) => args[0] === "Failed to handle Gleap link")).toBe(true);
  });
});

describe("identify and contact updates", () => {
  test("identify reaches the server: the session row gets the user id", async () => {
    const { api } = await booted();
    const sessionId = api.getSession()?.gleapId ?? "";

    const answer = (await api.identify("user-42", { name: "Ada", email: "ada@example.com" })) as
      | { userId: string }
      | undefined;

    expect(answer?.userId).toBe("user-42");
    expect(api.getSession()?.userId).toBe("user-42");
    const rows = (await server.db
      .sql`SELECT user_id, name, email FROM widget_sessions WHERE id = ${sessionId}`) as Array<
      Record<string, string>
    >;
    expect(rows[0]).toEqual({ user_id: "user-42", name: "Ada", email: "ada@example.com" });
  });

  test("a numeric user id is sent as text", async () => {
    const { api } = await booted();
    await api.identify(7, {});
    expect(api.getSession()?.userId).toBe("7");
  });

  test("updateContact reaches the server", async () => {
    const { api } = await booted();
    await api.updateContact({ name: "Grace", customData: { plan: "team" } });
    const rows = (await server.db.sql`SELECT name, custom_data FROM widget_sessions WHERE id = ${
      api.getSession()?.gleapId ?? ""
    }`) as Array<Record<string, string>>;
    expect(rows[0]?.name).toBe("Grace");
    expect(JSON.parse(rows[0]?.custom_data ?? "{}")).toEqual({ plan: "team" });
  });

  test("identify before initialize waits for the session and settles when it has run", async () => {
    const { api, initialized } = make();
    const identified = api.identify("early-user", { name: "Early" });
    // Nothing is sent yet: no session. initialize makes one, and then the call runs.
    api.initialize("demo", { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");
    const session = await identified;
    expect(session?.userId).toBe("early-user");
    expect(api.getSession()?.userId).toBe("early-user");
  });

  test("identify rejects to the host when the server refuses it, with the server's reason", async () => {
    const warn = silence("warn");
    const { api } = make();
    api.initialize("demo", { requireCookieConsent: false });
    // Made right after initialize, before the session exists; the server refuses the long id (400).
    const refused = await api.identify("x".repeat(5000)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/userId/);
    expect(identifyLines(warn)).toEqual([`Gleap: identify refused: ${(refused as Error).message}`]);
  });

  test("calls made before the SDK is ready run in the order they were made", async () => {
    const { api, runs, initialized } = make(["messenger"]);
    api.open();
    void api.updateContact({ name: "Ada" });
    api.startFeedbackFlow("bugreporting");
    expect(runs).toEqual([]);
    api.initialize("demo", { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");
    await until(async () => runs.length === 2, 5000);
    expect(runs.map(([command]) => command)).toEqual(["open", "startFeedbackFlow"]);
    await until(async () => api.getSession()?.name === "Ada", 5000);
  });

  test("destroy drops the calls still waiting: identify rejects, a routed call never runs", async () => {
    const { api, runs } = make(["messenger"]);
    const identified = api.identify("never");
    api.open();
    api.destroy();
    await expect(identified).rejects.toThrow("destroyed before identify could run");
    await Bun.sleep(20);
    expect(runs).toEqual([]);
  });
});

/** The console lines the SDK wrote about identify (each call's arguments joined as the console does). */
function identifyLines(warn: Mock<(...args: unknown[]) => unknown>): string[] {
  return warn.mock.calls
    .map((args) => args.map(String).join(" ").trim())
    .filter((line) => line.includes("identify"));
}

/** A project with identity verification on (a new project has it off); answers its key and secret. */
async function verifiedProject(): Promise<{ sdkKey: string; secret: string }> {
  const projectId = await server.db.sql.begin((tx) => insertProject(tx, "Verified shop"));
  await writtenByHand(
    server,
    updateProjectSettings(server.db.sql, projectId, { identityVerification: true }),
  );
  const [row] = await server.db.sql`SELECT sdk_key, secret FROM widget_projects WHERE id = ${projectId}`;
  return { sdkKey: row.sdk_key, secret: row.secret };
}

describe("identify refused: one console line, and the promise rejects with the reason", () => {
  const invalidHash = "Invalid user hash for this user id (identity verification is on for this project)";

  test("an unsigned identify on a project with verification on: the reason once, the visitor stays anonymous; a signed one is taken", async () => {
    const warn = silence("warn");
    const project = await verifiedProject();
    const { api, initialized } = make();
    api.initialize(project.sdkKey, { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");

    const refused = await api.identify("u1", { name: "Rosa" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(invalidHash);
    expect(identifyLines(warn)).toEqual([`Gleap: identify refused: ${invalidHash}`]);
    expect(api.isUserIdentified()).toBe(false);

    const userHash = createHmac("sha256", project.secret).update("u1").digest("hex");
    expect((await api.identify("u1", { name: "Rosa" }, userHash))?.name).toBe("Rosa");
    expect(identifyLines(warn)).toHaveLength(1);
  });

  test("an identify the host does not await: the console line, and no unhandled rejection", async () => {
    const warn = silence("warn");
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    undo.push(() => process.off("unhandledRejection", onUnhandled));
    const project = await verifiedProject();
    const { api } = make();
    api.initialize(project.sdkKey, { requireCookieConsent: false });

    void api.identify("u2", { name: "Rosa" });
    await until(() => identifyLines(warn).length > 0);
    // Rejections nobody handled are announced after the microtasks of the turn they happened in.
    await Bun.sleep(20);
    expect(identifyLines(warn)).toEqual([`Gleap: identify refused: ${invalidHash}`]);
    expect(unhandled).toEqual([]);
  });

  test("an identify queued on the snippet's stub and replayed: still one line, nothing more", async () => {
    const warn = silence("warn");
    const project = await verifiedProject();
    const { api } = make();
    const queue = [
      { e: "initialize", a: [project.sdkKey, { requireCookieConsent: false }] },
      { e: "identify", a: ["u5", { name: "Rosa" }] },
    ];
    // What loader.ts does with the stub's queue once the API has replaced it.
    expect(replayQueue(queue, api as unknown as CommandTarget, (message) => console.warn(message))).toBe(2);
    await until(() => identifyLines(warn).length > 0);
    await Bun.sleep(20);
    expect(identifyLines(warn)).toEqual([`Gleap: identify refused: ${invalidHash}`]);
    expect(warn.mock.calls.filter(([message]) => String(message).includes("queued call"))).toEqual([]);
  });

  test("no network: the reason is Network Error", async () => {
    const warn = silence("warn");
    const { api } = await booted();
    api.setApiUrl("http://127.0.0.1:1/api/widget");
    await expect(api.identify("u3", { name: "Rosa" })).rejects.toThrow(/^Network Error$/);
    expect(identifyLines(warn)).toEqual(["Gleap: identify refused: Network Error"]);
  });

  test("too many requests (429): the server's reason", async () => {
    const limited = await startRateLimitedServer({ perSession: 6 });
    try {
      const warn = silence("warn");
      recordRequests();
      const { api, initialized } = make();
      api.setApiUrl(`${limited.mainUrl}/api/widget`);
      api.initialize("demo", { requireCookieConsent: false });
      await within(initialized, 5000, "initialized");
      let refused: unknown = null;
      // Each call changes the name, so each is sent; the session's allowance runs out within a few.
      for (let attempt = 0; attempt < 10 && !refused; attempt++)
        refused = await api.identify("u4", { name: `Rosa ${attempt}` }).then(
          () => null,
          (error: unknown) => error,
        );
      expect((refused as Error).message).toBe("Too many requests, slow down");
      expect(identifyLines(warn)).toEqual(["Gleap: identify refused: Too many requests, slow down"]);
      // Nothing of this SDK's may still be on its way to the server about to stop.
      api.destroy();
      await until(() => traffic.due === 0);
    } finally {
      await limited.dispose();
    }
  });
});

async function pushUntil(sessionId: string, push: Parameters<typeof pushToSession>[2], done: () => boolean) {
  // The socket connects during boot; push until its message has arrived.
  await until(async () => {
    await pushToSession(server.fanout, sessionId, push);
    await Bun.sleep(50);
    return done();
  }, 5000);
}

/** Listens to a host event, pushes to the booted visitor until the event fires, and answers what it carried. */
async function emittedOnPush(api: GleapApi, event: GleapEventName, push: WidgetPush): Promise<unknown[]> {
  const emitted: unknown[] = [];
  api.on(event, (data) => emitted.push(data));
  await pushUntil(api.getSession()?.gleapId ?? "", push, () => emitted.length > 0);
  return emitted;
}

describe("realtime", () => {
  test("an update push with u:3 emits unread-count-changed with 3", async () => {
    const { api } = await booted();

    const counts = await emittedOnPush(api, "unread-count-changed", {
      name: "update",
      data: { a: [], u: 3 },
    });

    expect(counts).toEqual([3]);
    expect(api.getUnreadCount()).toBe(3);
  });

  test("a checklist push is forwarded as checklist-update", async () => {
    const { api } = await booted();
    // A checklist cut down to its id: the loader passes on whatever checklist the server sends.
    const updates = await emittedOnPush(api, "checklist-update", {
      name: "checklist",
      data: { id: "c1" },
    } as WidgetPush);
    expect(updates[0]).toEqual({ id: "c1" });
  });

  test("outbound actions are emitted and routed to their surface", async () => {
    const warn = silence("warn");
    const { api } = await booted();
    const action = { actionType: "banner", outbound: "o1" };
    const actions = await emittedOnPush(api, "outbound-actions", {
      name: "update",
      data: { a: [action], u: 0 },
    } as WidgetPush);
    expect(actions[0]).toEqual([action]);
    expect(warn).toHaveBeenCalledWith(
      "Gleap: showBanner needs the banner surface, which is not available yet",
      "",
    );
  });
});

describe("the first ping brings what is due on the page", () => {
  test("a fresh visitor's live banner reaches its surface with the first ping's answer, with no socket at all", async () => {
    const projectId = await server.db.sql.begin((tx) => insertProject(tx, "Banner shop"));
    const banner = await writtenByHand(
      server,
      createOutbound(server.db.sql, {
        projectId,
        type: "banner",
        status: "live",
        name: "Sale",
        config: { format: "normal", title: "Free shipping this week" },
      }),
    );
    const [row] = await server.db.sql`SELECT sdk_key FROM widget_projects WHERE id = ${projectId}`;
    const requests = recordRequests();
    // The socket's file never arrives: whatever comes, comes without it.
    const { api, runs, initialized } = make(["banner"], () => new Promise(() => {}));
    api.initialize(row.sdk_key, { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");
    await until(() => runs.some(([command]) => command === "showBanner"), 2000);
    expect(runs.find(([command]) => command === "showBanner")?.[1]).toEqual([
      expect.objectContaining({ actionType: "banner", outbound: banner.id }),
    ]);
    // One ping: the first batch, sent at once rather than after the 2.5 s interval.
    expect(requests.filter((request) => request.url.endsWith("/sessions/ping"))).toHaveLength(1);
  });
});

describe("never throws into the host page", () => {
  const oddArguments: unknown[][] = [
    [],
    [undefined],
    [null],
    [0, -1, Number.NaN],
    ["", "", ""],
    [{}],
    [[]],
    [Symbol("odd")],
    [
      () => {
        throw new Error("callback threw");
      },
    ],
    [Object.create(null)],
    [
      new Proxy(
        {},
        {
          get() {
            throw new Error("trap");
          },
          ownKeys() {
            throw new Error("trap");
          },
        },
      ),
    ],
    [
      {
        toString: () => {
          throw new Error("toString threw");
        },
      },
    ],
    ["demo", { requireCookieConsent: "no" }, { nested: { deep: [1, 2, 3] } }],
  ];

  /** Calls every method with each odd argument list (record the SDK's requests before it is made). */
  async function callEverything(api: GleapApi, skip: string[] = []) {
    const outcomes: Array<{ method: string; outcome: string }> = [];
    const pending: Array<Promise<void>> = [];
    let settled = 0;
    const names = Object.keys(api).filter((name) => name !== "destroy" && !skip.includes(name));
    for (const name of names) {
      for (const args of oddArguments) {
        const method = api[name as keyof GleapApi] as (...a: unknown[]) => unknown;
        let result: unknown;
        try {
          result = method(...args);
        } catch (error) {
          outcomes.push({ method: name, outcome: `threw ${String(error)}` });
          continue;
        }
        // identify answers the host whether it ran, like the reference: a refusal rejects, and the
        // host catches it.
        if (result instanceof Promise && name === "identify") result.catch(() => undefined);
        else if (result instanceof Promise) {
          pending.push(
            result.then(
              () => {
                settled++;
              },
              (error: unknown) => {
                settled++;
                outcomes.push({ method: name, outcome: `rejected ${String(error)}` });
              },
            ),
          );
        }
      }
    }
    // A call still waiting once the SDK is quiet (no answer on its way and nothing settled for five
    // looks) waits for what does not come here: a session start that retries against a broken URL
    // seconds later, or the session of an SDK never initialised. That is not a throw.
    let quietLooks = 0;
    let settledBefore = -1;
    while (settled < pending.length && quietLooks < 5) {
      await Bun.sleep(20);
      quietLooks = traffic.due === 0 && settled === settledBefore ? quietLooks + 1 : 0;
      settledBefore = settled;
    }
    return { outcomes, names };
  }

  test("every method of a running SDK, called with odd arguments, neither throws nor rejects", async () => {
    silence("warn");
    silence("error");
    silence("log");
    recordRequests();
    const before = hostFunctions();
    const { api } = await booted();
    api.registerCustomAction(() => {
      throw new Error("custom action threw");
    });

    const { outcomes, names } = await callEverything(api);

    expect(names.length).toBeGreaterThan(40);
    expect(outcomes).toEqual([]);
    expect(() => api.destroy()).not.toThrow();
    expectSameFunctions(hostFunctions(), before);
  }, 30_000);

  test("every method of an SDK that was never initialised, called with odd arguments, neither throws nor rejects", async () => {
    silence("warn");
    silence("error");
    const requests = recordRequests();
    const before = hostFunctions();
    const { api } = make();
    // initialize would start it; startNetworkLogger would wrap fetch for good (see the report).
    const { outcomes } = await callEverything(api, ["initialize", "startNetworkLogger"]);
    expect(outcomes).toEqual([]);
    expect(requests).toEqual([]);
    api.destroy();
    expectSameFunctions(hostFunctions(), before);
  }, 30_000);
});

describe("the host API's routing and settings", () => {
  async function crashRow(api: GleapApi) {
    const answer = (await api.sendSilentCrashReport("check")) as { id: string } | undefined;
    const [row] = await server.db.sql`SELECT * FROM feedback_reports WHERE id = ${answer?.id ?? ""}`;
    return row as Record<"network_logs" | "console_log" | "ticket_attributes", string>;
  }

  test("screen commands reach the surface that serves them, with their arguments", async () => {
    const { api, runs, loads } = await booted(["messenger", "banner"]);
    api.openConversations(false);
    api.openConversation("share-1", true);
    api.startClassicForm("form-1", true);
    api.closeBanner();
    api.showBanner({ title: "Hi" });
    await until(() => runs.length === 4);
    expect(runs).toEqual([
      ["openConversations", [false]],
      ["openConversation", ["share-1", true]],
      ["startClassicForm", ["form-1", true]],
      ["showBanner", [{ title: "Hi" }]],
    ]);
    // closeBanner before any banner was shown loads nothing and runs nothing.
    expect(loads.filter((name) => name === "banner")).toHaveLength(1);
  });

  test("setReplayOptions before the recorder exists is kept and handed to it at start, loading nothing early", async () => {
    const [project] = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const { updateProjectSettings } = await import("../src/server/domain/projects/projects-repository.ts");
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, project.id, { flowConfig: { enableWebReplays: true } }),
    );
    try {
      const { api, runs, loads, initialized } = make(["replay"]);
      api.setReplayOptions({ maskAllInputs: true });
      expect(loads).not.toContain("replay");
      api.initialize("demo", { requireCookieConsent: false });
      await within(initialized, 5000, "initialized");
      await until(() => runs.some(([command]) => command === "startReplay"));
      expect(runs.find(([command]) => command === "startReplay")).toEqual([
        "startReplay",
        [{ maskAllInputs: true }],
      ]);
    } finally {
      await writtenByHand(
        server,
        updateProjectSettings(server.db.sql, project.id, { flowConfig: { enableWebReplays: false } }),
      );
    }
  });

  test("hide and close never load the messenger just to close it", async () => {
    const { api, loads } = await booted(["messenger"]);
    api.hide();
    api.close();
    await Bun.sleep(50);
    expect(loads).not.toContain("messenger");
  });

  test("setStyles called before the config arrived wins over it, and applies live through config-changed", async () => {
    const { api, initialized, mounts } = make();
    api.setStyles({ buttonColor: "#FFE000", primaryColor: "#112233" });
    api.initialize("demo", { requireCookieConsent: false });
    await within(initialized, 5000, "initialized");
    await until(() => mounts.length === 1);
    const context = mounts[0] as WidgetChunkContext;
    expect(context.host.flowConfig().buttonColor).toBe("#FFE000");
    expect(context.host.flowConfig().color).toBe("#112233");
    const changes: unknown[] = [];
    context.events.on("config-changed", (config) => changes.push(config));
    api.setStyles({ buttonColor: "#000000" });
    expect(changes).toHaveLength(1);
    expect(context.host.flowConfig().buttonColor).toBe("#000000");
  });

  test("the project config's network blacklist applies to the captured log", async () => {
    const [project] = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const { updateProjectSettings } = await import("../src/server/domain/projects/projects-repository.ts");
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, project.id, {
        flowConfig: { networkLogBlacklist: ["/healthz"] },
      }),
    );
    try {
      const before = window.fetch;
      const { api } = await booted();
      await until(() => window.fetch !== before);
      await fetch(`${server.mainUrl}/healthz`);
      await fetch(`${server.mainUrl}/sdk/loader.js`);
      const logged = JSON.parse((await crashRow(api)).network_logs) as Array<{ url: string }>;
      expect(logged.map((entry) => new URL(entry.url).pathname)).toEqual(["/sdk/loader.js"]);
    } finally {
      await writtenByHand(
        server,
        updateProjectSettings(server.db.sql, project.id, { flowConfig: { networkLogBlacklist: [] } }),
      );
    }
  });

  test("log, ticket attributes, custom data and attached network logs reach a report", async () => {
    const { api } = await booted();
    api.log("from the host", "WARNING");
    api.setTicketAttribute("plan", "pro");
    api.setTicketAttribute("seats", 3);
    api.unsetTicketAttribute("seats");
    api.attachNetworkLogs(JSON.stringify([{ url: "https://api.example/x", type: "GET", date: "d" }]));
    const row = await crashRow(api);
    const logs = JSON.parse(row.console_log) as Array<{ log: string; priority: string }>;
    expect(logs).toContainEqual(expect.objectContaining({ log: "from the host", priority: "WARNING" }));
    expect(JSON.parse(row.ticket_attributes)).toEqual({ plan: "pro" });
    expect(JSON.parse(row.network_logs)).toContainEqual(
      expect.objectContaining({ url: "https://api.example/x" }),
    );
  });

  test("sendSilentCrashReportWithFormData sends the host's form data", async () => {
    const { api } = await booted();
    const answer = (await api.sendSilentCrashReportWithFormData({ title: "Boom", steps: "1, 2" }, "HIGH")) as
      | { id: string; priority: string }
      | undefined;
    expect(answer?.priority).toBe("HIGH");
    const [row] = await server.db.sql`SELECT form_data FROM feedback_reports WHERE id = ${answer?.id ?? ""}`;
    expect(JSON.parse(row.form_data)).toEqual({ title: "Boom", steps: "1, 2" });
  });

  test("getIdentity and isUserIdentified follow identify and clearIdentity", async () => {
    const { api } = await booted();
    expect(api.isUserIdentified()).toBe(false);
    await api.identify("user-77", { name: "Grace" });
    expect(api.isUserIdentified()).toBe(true);
    expect(api.getIdentity()?.userId).toBe("user-77");
    await api.clearIdentity();
    expect(api.isUserIdentified()).toBe(false);
  });

  test("links from the surfaces open through the host's handler; script URLs are refused", async () => {
    const warn = silence("warn");
    const { api, mounts } = await booted();
    await until(() => mounts.length === 1);
    const host = (mounts[0] as WidgetChunkContext).host;
    host.openUrl("javascript:alert(1)", false);
    expect(warn).toHaveBeenCalledWith("Gleap: refused to open javascript:alert(1)", "");
    const opened: Array<[string, boolean | undefined]> = [];
    api.setUrlHandler((url, newTab) => opened.push([url, newTab]));
    host.openUrl("https://example.com/pricing", true);
    expect(opened).toEqual([["https://example.com/pricing", true]]);
  });

  test("opening the widget resets the unread count", async () => {
    const { api, mounts } = await booted();
    await until(() => mounts.length === 1);
    const counts: unknown[] = [];
    api.on("unread-count-changed", (count) => counts.push(count));
    const context = mounts[0] as WidgetChunkContext;
    await pushUntil(
      api.getSession()?.gleapId ?? "",
      { name: "update", data: { a: [], u: 2 } },
      () => api.getUnreadCount() === 2,
    );
    context.events.emit("open");
    expect(api.isOpened()).toBe(true);
    expect(api.getUnreadCount()).toBe(0);
    expect(counts).toEqual([2, 0]);
  });

  test("the surfaces hear that the messenger is opening until it opens, closes or gives up", async () => {
    const { api, mounts } = await booted();
    await until(() => mounts.length === 1);
    const context = mounts[0] as WidgetChunkContext;
    expect(context.host.isOpening()).toBe(false);
    context.events.emit("messenger-opening", true);
    expect(context.host.isOpening()).toBe(true);
    // Opening is not open: the host's API still says closed until the frame shows.
    expect(api.isOpened()).toBe(false);
    context.events.emit("open");
    expect([context.host.isOpening(), context.host.isOpened()]).toEqual([false, true]);
    context.events.emit("close");
    context.events.emit("messenger-opening", true);
    context.events.emit("messenger-opening", false);
    expect([context.host.isOpening(), context.host.isOpened()]).toEqual([false, false]);
  });
});
