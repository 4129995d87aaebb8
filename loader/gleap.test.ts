import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, mock, spyOn, test } from "bun:test";
import { startTestServer, type TestServer } from "../src/server/test-support/test-server.ts";
import type {
  WidgetChunk,
  WidgetChunkContext,
  WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import { defaultFlowConfig } from "../src/shared/widget-flow-config.ts";
import { createGleap, type GleapApi } from "./gleap.ts";
import { SessionStartError } from "./session-client.ts";

let server: TestServer;
let apiUrl: string;
let gleap: GleapApi | null = null;

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

afterEach(() => {
  gleap?.destroy();
  gleap = null;
  mock.restore();
  for (const element of document.querySelectorAll("#gleap-widget-root")) element.remove();
});

/** The chunk import is the boundary: a fake launcher that records what the loader hands it. */
function fakeLauncher() {
  const log: string[] = [];
  const contexts: WidgetChunkContext[] = [];
  const unmount = mock(() => {
    log.push("unmount");
  });
  let markMounted: (context: WidgetChunkContext) => void = () => {};
  const mounted = new Promise<WidgetChunkContext>((resolve) => {
    markMounted = resolve;
  });
  const chunk: WidgetChunk = {
    mount(context) {
      log.push("mount");
      contexts.push(context);
      markMounted(context);
      return unmount;
    },
  };
  const loadChunk = mock(async (_name: WidgetChunkName) => chunk);
  return { log, contexts, unmount, mounted, loadChunk };
}

function makeGleap(launcher: ReturnType<typeof fakeLauncher>, url = apiUrl): GleapApi {
  gleap = createGleap({
    window: globalThis as Window & typeof globalThis,
    apiUrl: url,
    loadChunk: launcher.loadChunk,
  });
  return gleap;
}

function nextEvent(api: GleapApi, name: "initialized" | "open" | "close") {
  return new Promise<unknown>((resolve) => api.on(name, resolve));
}

async function waitFor(condition: () => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for condition");
    await Bun.sleep(10);
  }
}

function sessionRequests(fetchSpy: { mock: { calls: unknown[][] } }) {
  return fetchSpy.mock.calls.filter(([input]) => String(input).endsWith("/api/widget/sessions"));
}

describe("createGleap", () => {
  test("initialize fires 'initialized', then mounts the launcher with a shadow root, the session and events", async () => {
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);
    api.on("initialized", () => launcher.log.push("initialized"));
    const initialized = nextEvent(api, "initialized");

    api.initialize("demo");
    await initialized;
    const context = await launcher.mounted;

    expect(launcher.log).toEqual(["initialized", "mount"]);
    expect(launcher.loadChunk).toHaveBeenCalledTimes(1);
    expect(launcher.loadChunk.mock.calls[0]).toEqual(["launcher"]);

    // The shadow root belongs to the one element the SDK adds to the page.
    const host = document.getElementById("gleap-widget-root");
    expect(host).not.toBeNull();
    expect(host?.parentElement).toBe(document.body);
    expect(context.root).toBeInstanceOf(ShadowRoot);
    expect(context.root.host).toBe(host as HTMLElement);
    expect(context.root.mode).toBe("open");
    expect(document.querySelectorAll("#gleap-widget-root")).toHaveLength(1);

    // The session is the one the server started, and the one the API answers.
    expect(typeof context.session.gleapId).toBe("string");
    expect(typeof context.session.gleapHash).toBe("string");
    expect(api.getSession()).toEqual(context.session);
    const rows = await server.db.sql`SELECT * FROM widget_sessions WHERE id = ${context.session.gleapId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].lang).toBe(navigator.language.toLowerCase());
    expect(JSON.parse(window.localStorage.getItem("gleap-widget-session-demo") ?? "null")).toEqual(
      context.session,
    );

    expect(context.flowConfig).toEqual(defaultFlowConfig);

    // Events the chunk emits reach the host's listeners.
    const opened = mock((_data?: unknown) => {});
    api.on("open", opened);
    context.events.emit("open", { from: "launcher" });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]).toEqual([{ from: "launcher" }]);
  });

  test("a second initialize warns 'Gleap already initialized.' and starts no second session", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const fetchSpy = spyOn(globalThis, "fetch");
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);

    api.initialize("demo");
    api.initialize("demo"); // while the first is still starting
    await launcher.mounted;
    api.initialize("other-key"); // after it finished
    await Bun.sleep(50);

    expect(warn.mock.calls).toEqual([["Gleap already initialized."], ["Gleap already initialized."]]);
    expect(sessionRequests(fetchSpy)).toHaveLength(1);
    expect(launcher.loadChunk).toHaveBeenCalledTimes(1);
    expect(launcher.contexts).toHaveLength(1);
    expect(document.querySelectorAll("#gleap-widget-root")).toHaveLength(1);
  });

  test("initialize with an empty key does nothing and does not throw", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const fetchSpy = spyOn(globalThis, "fetch");
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);
    const initializedListener = mock(() => {});
    api.on("initialized", initializedListener);

    expect(() => api.initialize("")).not.toThrow();
    expect(() => api.initialize("   ")).not.toThrow();
    expect(() => api.initialize(undefined as unknown as string)).not.toThrow();
    await Bun.sleep(50);

    expect(sessionRequests(fetchSpy)).toHaveLength(0);
    expect(launcher.loadChunk).not.toHaveBeenCalled();
    expect(initializedListener).not.toHaveBeenCalled();
    expect(api.getSession()).toBeNull();
    expect(document.getElementById("gleap-widget-root")).toBeNull();
    expect(warn.mock.calls).toEqual([
      ["Gleap: initialize needs the project's SDK key", ""],
      ["Gleap: initialize needs the project's SDK key", ""],
      ["Gleap: initialize needs the project's SDK key", ""],
    ]);
    expect(window.localStorage.length).toBe(0);
  });

  test("an unknown key never fires 'initialized', warns 'Failed to initialize Gleap.' and does not throw", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);
    const initializedListener = mock(() => {});
    api.on("initialized", initializedListener);

    expect(() => api.initialize("no-such-project")).not.toThrow();
    await waitFor(() => warn.mock.calls.length > 0);
    await Bun.sleep(20);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe("Failed to initialize Gleap.");
    const error = warn.mock.calls[0]?.[1];
    expect(error).toBeInstanceOf(SessionStartError);
    expect((error as SessionStartError).status).toBe(401);
    expect(initializedListener).not.toHaveBeenCalled();
    expect(launcher.loadChunk).not.toHaveBeenCalled();
    expect(api.getSession()).toBeNull();
    expect(document.getElementById("gleap-widget-root")).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  test("after a failed initialize, initialize can be called again with the right key", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);

    api.initialize("no-such-project");
    await waitFor(() => warn.mock.calls.length > 0);
    api.initialize("demo");
    const context = await launcher.mounted;

    expect(typeof context.session.gleapId).toBe("string");
    expect(launcher.contexts).toHaveLength(1);
  });

  test("setApiUrl points the session request at another API base (trailing slashes dropped)", async () => {
    const fetchSpy = spyOn(globalThis, "fetch");
    const launcher = fakeLauncher();
    const api = makeGleap(launcher, "http://127.0.0.1:9/nowhere/api/widget");

    api.setApiUrl(`${apiUrl}//`);
    api.initialize("demo");
    await launcher.mounted;

    const requests = sessionRequests(fetchSpy);
    expect(requests).toHaveLength(1);
    expect(String(requests[0]?.[0])).toBe(`${apiUrl}/sessions`);
  });

  test("destroy removes the widget root, calls the launcher's unmount and forgets the session", async () => {
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);
    const opened = mock(() => {});
    api.on("open", opened);

    api.initialize("demo");
    const context = await launcher.mounted;
    expect(document.getElementById("gleap-widget-root")).not.toBeNull();
    expect(launcher.unmount).not.toHaveBeenCalled();

    api.destroy();

    expect(launcher.unmount).toHaveBeenCalledTimes(1);
    expect(document.getElementById("gleap-widget-root")).toBeNull();
    expect(context.root.host.isConnected).toBe(false);
    expect(api.getSession()).toBeNull();
    // Listeners are dropped with the widget.
    context.events.emit("open");
    expect(opened).not.toHaveBeenCalled();

    // A second destroy is harmless and does not unmount again.
    api.destroy();
    expect(launcher.unmount).toHaveBeenCalledTimes(1);
  });

  test("after destroy, initialize starts again and resumes the stored session", async () => {
    const first = fakeLauncher();
    const api = makeGleap(first);
    api.initialize("demo");
    const firstContext = await first.mounted;
    api.destroy();

    // Same API object; a fresh fake chunk module to observe the second mount.
    const second = fakeLauncher();
    first.loadChunk.mockImplementation(second.loadChunk);
    api.initialize("demo");
    const secondContext = await second.mounted;

    expect(secondContext.session.gleapId).toBe(firstContext.session.gleapId);
    expect(document.querySelectorAll("#gleap-widget-root")).toHaveLength(1);
    expect(secondContext.root).not.toBe(firstContext.root);
  });

  test("a failing unmount is reported and destroy still removes the widget root", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const launcher = fakeLauncher();
    const failure = new Error("unmount broke");
    launcher.unmount.mockImplementation(() => {
      throw failure;
    });
    const api = makeGleap(launcher);
    api.initialize("demo");
    await launcher.mounted;

    expect(() => api.destroy()).not.toThrow();

    expect(warn.mock.calls).toEqual([["Gleap: unmount failed", failure]]);
    expect(document.getElementById("gleap-widget-root")).toBeNull();
  });

  test("off removes a listener added with on, and on ignores a non-function", async () => {
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);
    const listener = mock(() => {});
    api.on("close", listener);
    api.off("close", listener);
    expect(() => api.on("close", "not a function" as unknown as () => void)).not.toThrow();

    api.initialize("demo");
    const context = await launcher.mounted;
    context.events.emit("close");

    expect(listener).not.toHaveBeenCalled();
  });
});

describe("interrupted and partial starts", () => {
  test("destroy() while the session is still loading leaves nothing behind", async () => {
    const launcher = fakeLauncher();
    const api = makeGleap(launcher);
    let initializedFired = false;
    api.on("initialized", () => {
      initializedFired = true;
    });
    const fetchSpy = spyOn(globalThis, "fetch");
    api.initialize("demo");
    api.destroy();
    await waitFor(() => fetchSpy.mock.calls.length === 1);
    // Give the pending start every chance to finish its session request and chunk load.
    await Bun.sleep(200);
    expect(initializedFired).toBe(false);
    expect(launcher.log).toEqual([]);
    expect(document.querySelectorAll("#gleap-widget-root")).toHaveLength(0);
    expect(api.getSession()).toBeNull();
  });

  test("a launcher chunk that fails to load is reported, and the SDK stays initialized", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const launcher = fakeLauncher();
    launcher.loadChunk.mockImplementation(async () => {
      throw new Error("chunk offline");
    });
    const api = makeGleap(launcher);
    const initialized = nextEvent(api, "initialized");
    api.initialize("demo");
    await initialized;
    await waitFor(() =>
      warn.mock.calls.some((call) => String(call[0]).includes("the launcher is unavailable")),
    );
    expect(api.getSession()?.gleapId).toEqual(expect.any(String));
    expect(warn.mock.calls.some((call) => call[0] === "Failed to initialize Gleap.")).toBe(false);
    api.initialize("demo");
    expect(warn.mock.calls.some((call) => call[0] === "Gleap already initialized.")).toBe(true);
  });
});
