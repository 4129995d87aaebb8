import { afterEach, beforeEach, describe, expect, jest, spyOn, test } from "bun:test";
import { buildMessengerFrameBox } from "../../shared/messenger-frame-box.ts";
import type { StartedFrame } from "../../shared/widget-chunk-contract.ts";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { createRecordingHost } from "../common/chunk-context-test-support.ts";
import { sendingFailedText } from "./feedback.ts";
import { messengerStyles } from "./messenger-styles.ts";
import { frameOrigin, type MountedMessenger, mountMessenger, readyMessenger } from "./messenger-test-kit.ts";
import { openDelayAfterPing, timing } from "./messenger-visibility.ts";

let mounted: MountedMessenger | null = null;
let consoleError: ReturnType<typeof spyOn>;

const setup = (options?: Parameters<typeof mountMessenger>[0]) => {
  mounted = mountMessenger(options);
  return mounted;
};

beforeEach(() => {
  jest.useFakeTimers();
  // happy-dom does not load cross-origin frames and says so on the console; the tests stand in for it.
  const original = console.error;
  consoleError = spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("Iframe page loading is disabled")) return;
    original(...args);
  });
});

afterEach(() => {
  mounted?.unmount();
  mounted = null;
  jest.useRealTimers();
  consoleError.mockRestore();
  document.body.innerHTML = "";
});

const tick = (ms: number) => jest.advanceTimersByTime(ms);
/** Lets a promise chain (a report being sent) settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("mount and frame injection", () => {
  test("mounting adds only the styles; the frame is injected on first open, at the frame URL with the project's key", () => {
    const m = setup({ nonce: "n0nce" });
    const style = m.root.querySelector("style");
    expect(style?.textContent).toBe(messengerStyles);
    expect(style?.nonce).toBe("n0nce");
    expect(m.iframe()).toBeNull();

    m.run("open");

    const iframe = m.iframe();
    // The key tells the messenger origin whose allowed origins may frame it.
    expect(iframe?.getAttribute("src")).toBe("http://localhost:3001/?sdkKey=demo");
    expect(iframe?.getRootNode()).toBe(m.root);
    expect(document.querySelector("iframe")).toBeNull();
    expect(m.root.querySelectorAll("iframe")).toHaveLength(1);
    m.run("open");
    expect(m.root.querySelectorAll("iframe")).toHaveLength(1);
  });

  test("the frame URL is the one the loader resolves at the first open (setFrameUrl)", () => {
    const host = createRecordingHost({
      frameUrls: () => ({
        messenger: "https://messenger.example.com",
        banner: "https://messenger.example.com/banner",
        modal: "https://messenger.example.com/modal",
      }),
    });
    const m = setup({ host });
    m.run("openNews");
    expect(m.iframe()?.getAttribute("src")).toBe("https://messenger.example.com/?sdkKey=demo");
  });

  test("unmount removes the style, the frame and every listener", () => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.unmount();
    expect(m.root.childNodes).toHaveLength(0);
    const before = m.posted.length;
    m.fromFrame({ name: "ping" });
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(m.posted).toHaveLength(before);
    mounted = null;
  });
});

describe("a frame the loader started while the chunk loaded", () => {
  /**
   * What the loader puts in the root before the chunk arrives (loader/messenger-frame-start.ts): the
   * hidden box, and what its frame said meanwhile, which the test has the frame say from `frameWindow`.
   */
  function loaderFrame(
    said: Array<{ text: string; origin?: string; source?: "another window"; ageMs?: number }>,
  ) {
    const journal: string[] = [];
    let started: StartedFrame | null = null;
    const startFrame = (root: ShadowRoot): StartedFrame => {
      const box = buildMessengerFrameBox(document, `${frameOrigin}/?sdkKey=demo`);
      box.element.hidden = true;
      root.append(box.element);
      started = {
        ...box,
        url: frameOrigin,
        takeMessages: () => {
          journal.push("taken");
          return said.map(({ text, origin = frameOrigin, source, ageMs }) => {
            const event = new MessageEvent("message", {
              data: text,
              origin,
              source: source ? window : box.iframe.contentWindow,
            });
            // When the page heard it: `ageMs` before now.
            if (ageMs !== undefined)
              Object.defineProperty(event, "timeStamp", { value: window.performance.now() - ageMs });
            return event;
          });
        },
        remove: () => {
          journal.push("removed");
          box.element.remove();
        },
      };
      return started;
    };
    return { journal, startFrame, started: () => started };
  }

  test("the open adopts it and hears its early ping as the open's task ends: placeholder first, open 300 ms later", async () => {
    const loader = loaderFrame([{ text: '{"name":"ping"}' }]);
    const m = setup({ startFrame: loader.startFrame });
    m.connect();
    const started = loader.started();
    // Mounting alone leaves it as it is.
    expect(started?.element.hidden).toBe(true);
    expect(loader.journal).toEqual([]);

    m.run("open");
    // The same box and iframe: the frame's page keeps loading, nothing is made twice.
    expect(m.root.querySelectorAll("iframe")).toHaveLength(1);
    expect(m.iframe()).toBe(started?.iframe ?? null);
    expect(started?.element.hidden).toBe(false);
    expect(loader.journal).toEqual(["taken"]);
    // The ping is heard once the open's own task is done, so the open waits for it as for a live one.
    expect(m.container()?.className).toContain("frame--loading");
    expect(m.names()).toEqual([]);
    await settle();
    expect(m.names().slice(0, 2)).toEqual(["config-update", "session-update"]);
    expect(m.emitted.map((e) => e.name)).toEqual([]);
    tick(timing.openAfterPingMs);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(false);
  });

  test("the 300 ms count from when the page heard the ping: one kept 200 ms opens 100 ms after the open", async () => {
    const loader = loaderFrame([{ text: '{"name":"ping"}', ageMs: 200 }]);
    const m = setup({ startFrame: loader.startFrame });
    m.connect();
    // The page's clock (faked with the timers) has run a while: the ping was heard at 800 ms.
    tick(1_000);
    m.run("open");
    await settle();
    expect(m.names().slice(0, 2)).toEqual(["config-update", "session-update"]);
    tick(90);
    expect(m.emitted.map((e) => e.name)).toEqual([]);
    tick(10);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
  });

  test("a survey opened on a kept ping waits the whole 300 ms after its config", async () => {
    const loader = loaderFrame([{ text: '{"name":"ping"}', ageMs: 500 }]);
    const m = setup({ startFrame: loader.startFrame });
    m.connect();
    tick(1_000);
    m.run("showSurvey", "nps", "survey");
    await settle();
    expect(m.names()).toContain("config-update");
    tick(timing.openAfterPingMs - 1);
    expect(m.emitted.map((e) => e.name)).toEqual([]);
    tick(1);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
  });

  test("a frame started for another URL (setFrameUrl since) is taken away and one for the URL now is made", () => {
    const loader = loaderFrame([{ text: '{"name":"ping"}' }]);
    const host = createRecordingHost({
      frameUrls: () => ({
        messenger: "https://messenger.example.com",
        banner: "https://messenger.example.com/banner",
        modal: "https://messenger.example.com/modal",
      }),
    });
    const m = setup({ host, startFrame: loader.startFrame });
    m.run("open");
    expect(loader.journal).toEqual(["removed"]);
    expect(m.root.querySelectorAll("iframe")).toHaveLength(1);
    expect(m.iframe()?.getAttribute("src")).toBe("https://messenger.example.com/?sdkKey=demo");
  });

  test("what it kept is checked like any message: another origin's or window's ping is not the frame's", async () => {
    const loader = loaderFrame([
      { text: '{"name":"ping"}', origin: "https://elsewhere.example" },
      { text: '{"name":"ping"}', source: "another window" },
    ]);
    const m = setup({ startFrame: loader.startFrame });
    m.connect();
    m.run("open");
    await settle();
    expect(loader.journal).toEqual(["taken"]);
    expect(m.names()).toEqual([]);
    // The frame's own ping, when it comes, is heard.
    m.fromFrame({ name: "ping" });
    expect(m.names().slice(0, 2)).toEqual(["config-update", "session-update"]);
  });

  test("unmounted before any open, the chunk takes the frame away", () => {
    const loader = loaderFrame([]);
    const m = setup({ startFrame: loader.startFrame });
    m.unmount();
    mounted = null;
    expect(loader.journal).toEqual(["removed"]);
    expect(m.root.querySelector("iframe")).toBeNull();
  });
});

describe("readiness", () => {
  test("nothing is posted before the frame's ping; then config, session, and the queued requests in order", () => {
    const m = setup();
    m.run("startFeedbackFlow", "bugreporting", true);
    m.run("preFillForm", { email: "ada@example.com" });
    m.connect();
    tick(5000);
    expect(m.posted).toEqual([]);

    m.fromFrame({ name: "ping" });

    expect(m.names()).toEqual(["config-update", "session-update", "start-feedbackflow", "prefill-form-data"]);
    expect(m.posted[0]?.message.data).toEqual({
      config: defaultFlowConfig,
      aiTools: [],
      overrideLanguage: "en-us",
    });
    expect(m.posted[1]?.message.data).toEqual({
      sessionData: m.host.session(),
      apiUrl: "http://localhost:3000/api/widget",
      sdkKey: "demo",
    });
    expect(m.posted[2]?.message.data).toEqual({ flow: "bugreporting", hideBackButton: false });
    expect(m.posted[3]?.message.data).toEqual({ email: "ada@example.com" });
  });

  test("every message goes to the frame's exact origin as a JSON string, never to *", () => {
    const m = setup();
    const targets: string[] = [];
    const texts: unknown[] = [];
    readyMessenger(m, "openNews");
    Object.defineProperty(m.iframe(), "contentWindow", {
      value: {
        postMessage(data: unknown, target: string) {
          texts.push(data);
          targets.push(target);
        },
      },
    });
    m.run("openHelpCenter");
    tick(1000);
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets)).toEqual(new Set([frameOrigin]));
    expect(texts.every((text) => typeof text === "string")).toBe(true);
  });

  test("the widget opens 300 ms after the ping: open event, status, Escape; the animate class 500 ms later", () => {
    const m = setup();
    m.run("open");
    m.connect();
    m.fromFrame({ name: "ping" });
    expect(m.emitted.map((e) => e.name)).toEqual([]);

    tick(timing.openAfterPingMs - 1);
    expect(m.emitted.map((e) => e.name)).toEqual([]);
    tick(1);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    expect(m.posted.at(-1)?.message).toEqual({ name: "widget-status-update", data: { isWidgetOpen: true } });
    const container = m.container();
    expect(container?.classList.contains("frame--hidden")).toBe(false);
    expect(container?.classList.contains("frame--loading")).toBe(false);
    // Beneath the frame, until the messenger's app draws over it.
    expect(container?.classList.contains("frame--placeholder")).toBe(true);
    expect(container?.classList.contains("frame--animate")).toBe(false);

    tick(timing.animateAfterOpenMs);
    expect(container?.classList.contains("frame--animate")).toBe(true);
  });

  test("the panel shows a brand-coloured placeholder while the frame loads; a survey waits unseen", () => {
    const m = setup();
    m.run("open");
    expect(m.container()?.className).toContain("frame--loading");
    expect(m.container()?.classList.contains("frame--hidden")).toBe(false);
    expect(m.container()?.style.getPropertyValue("--gl-header")).toBe("#485BFF");

    const s = mountMessenger();
    s.run("showSurvey", "nps", "survey");
    expect(s.container()?.classList.contains("frame--hidden")).toBe(true);
    s.unmount();
  });

  test("hiding before the frame is ready cancels the pending open", () => {
    const m = setup();
    m.run("open");
    m.run("hide");
    expect(m.container()?.classList.contains("frame--hidden")).toBe(true);
    m.connect();
    m.fromFrame({ name: "ping" });
    tick(1000);
    expect(m.emitted.map((e) => e.name)).toEqual(["close"]);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(true);
  });

  test("once ready, a screen command is posted at once and the widget opens without waiting", () => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.run("hide");
    m.posted.length = 0;
    m.emitted.length = 0;

    m.run("openNews");

    expect(m.names()).toEqual(["open-news", "widget-status-update"]);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
  });

  test("a frame that never answers: the placeholder goes away and the SDK says why", () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const m = setup();
    const opening: unknown[] = [];
    m.context.events.on("messenger-opening", (value) => opening.push(value));
    m.run("open");
    tick(timing.frameTimeoutMs);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(true);
    expect(m.container()?.classList.contains("frame--placeholder")).toBe(false);
    expect(String(warn.mock.calls[0]?.[0])).toContain("did not answer");
    // The placeholder came and went unopened: what stayed clear of it may show again.
    expect(opening).toEqual([true, false]);
    warn.mockRestore();
  });

  test("a frame whose page said ping but whose app never speaks: the panel closes, the placeholder goes", () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const m = setup();
    m.run("open");
    m.connect();
    m.fromFrame({ name: "ping" });
    tick(timing.openAfterPingMs);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    tick(timing.frameTimeoutMs);
    expect(m.emitted.map((e) => e.name)).toEqual(["open", "close"]);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(true);
    expect(m.container()?.classList.contains("frame--placeholder")).toBe(false);
    expect(String(warn.mock.calls[0]?.[0])).toContain("did not answer");
    warn.mockRestore();
  });

  test("the app's first message besides ping keeps the panel open", () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    const m = setup();
    m.run("open");
    m.connect();
    m.fromFrame({ name: "ping" });
    m.fromFrame({ name: "page-changed", data: { name: "menu" } });
    tick(timing.frameTimeoutMs);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  test("the placeholder on screen says the messenger is opening, before its open event", () => {
    const m = setup();
    const seen: string[] = [];
    m.context.events.on("messenger-opening", (value) => seen.push(`opening ${value}`));
    m.context.events.on("open", () => seen.push("open"));
    m.run("open");
    expect(seen).toEqual(["opening true"]);
    m.connect();
    m.fromFrame({ name: "ping" });
    tick(timing.openAfterPingMs);
    expect(seen).toEqual(["opening true", "open"]);
  });

  test("a second ping (the frame reloaded) pushes config and session again and re-sends the open status", () => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.posted.length = 0;
    m.fromFrame({ name: "ping" });
    expect(m.names()).toEqual(["config-update", "session-update", "widget-status-update"]);
    expect(m.emitted.filter((e) => e.name === "open")).toHaveLength(1);
  });
});

/** Each host command and the message the reference sends for it. */
const screenCases: Array<[string, unknown[], { name: string; data?: unknown }]> = [
  [
    "startFeedbackFlow",
    ["bugreporting", true],
    { name: "start-feedbackflow", data: { flow: "bugreporting", hideBackButton: false } },
  ],
  [
    "startFeedbackFlow",
    ["bugreporting"],
    { name: "start-feedbackflow", data: { flow: "bugreporting", hideBackButton: true } },
  ],
  [
    "startClassicForm",
    ["contact", false],
    { name: "start-feedbackflow", data: { flow: "contact", hideBackButton: true } },
  ],
  ["startBot", ["bot-7"], { name: "start-bot", data: { botId: "bot-7", hideBackButton: false } }],
  ["startBot", [undefined, false], { name: "start-bot", data: { botId: "", hideBackButton: true } }],
  ["startConversation", [], { name: "start-bot", data: { botId: "", hideBackButton: false } }],
  ["startConversation", [false], { name: "start-bot", data: { botId: "", hideBackButton: true } }],
  [
    "showSurvey",
    ["nps"],
    { name: "start-survey", data: { flow: "nps", hideBackButton: true, format: "survey" } },
  ],
  [
    "showSurvey",
    ["nps", "survey_full"],
    { name: "start-survey", data: { flow: "nps", hideBackButton: true, format: "survey_full" } },
  ],
  ["openHelpCenter", [], { name: "open-helpcenter", data: { hideBackButton: false } }],
  [
    "openHelpCenterArticle",
    ["a-1", false],
    { name: "open-help-article", data: { articleId: "a-1", hideBackButton: true } },
  ],
  ["openHelpCenterCollection", ["c-1"], { name: "open-help-collection", data: { collectionId: "c-1" } }],
  [
    "openHelpCenterCollection",
    ["c-1", false],
    { name: "open-help-collection", data: { collectionId: "c-1", hideBackButton: true } },
  ],
  [
    "searchHelpCenter",
    ["refund"],
    { name: "open-helpcenter-search", data: { term: "refund", hideBackButton: false } },
  ],
  ["openNews", [false], { name: "open-news", data: { hideBackButton: true } }],
  ["openNewsArticle", ["n-1"], { name: "open-news-article", data: { id: "n-1" } }],
  ["openChecklists", [], { name: "open-checklists", data: {} }],
  ["openChecklist", ["cl-1"], { name: "open-checklist", data: { id: "cl-1", hideBackButton: false } }],
  [
    "startChecklist",
    ["ob-1", true, "team"],
    { name: "start-checklist", data: { outboundId: "ob-1", hideBackButton: false, sharedKey: "team" } },
  ],
  [
    "startChecklist",
    ["ob-1"],
    { name: "start-checklist", data: { outboundId: "ob-1", hideBackButton: false } },
  ],
  ["openFeatureRequests", [], { name: "open-feature-requests", data: {} }],
  ["openConversations", [], { name: "open-conversations", data: { hideBackButton: false } }],
  [
    "openConversation",
    ["share-1", false],
    { name: "open-conversation", data: { shareToken: "share-1", hideBackButton: true } },
  ],
];

describe("screen commands", () => {
  test("the report outbox is asked for once the frame has said ping, once: Send works offline", () => {
    const m = setup();
    m.run("open");
    m.connect();
    expect(m.host.commands).toEqual([]);
    m.fromFrame({ name: "ping" });
    // At the page's next idle moment: the frame's first screen goes first.
    expect(m.host.commands).toEqual([]);
    tick(0);
    expect(m.host.commands).toEqual([{ name: "prepareReports", args: [] }]);
    // A frame that reloads says ping again: the outbox is already there.
    m.fromFrame({ name: "ping" });
    tick(timing.openAfterPingMs);
    expect(m.host.commands).toEqual([{ name: "prepareReports", args: [] }]);
  });

  test("a widget destroyed before the idle moment asks for no outbox", () => {
    const cancelled: number[] = [];
    Object.assign(window, {
      requestIdleCallback: () => 7,
      cancelIdleCallback: (id: number) => cancelled.push(id),
    });
    try {
      const m = setup();
      m.run("open");
      m.connect();
      m.fromFrame({ name: "ping" });
      m.unmount();
      expect(cancelled).toEqual([7]);
      expect(m.host.commands).toEqual([]);
    } finally {
      Reflect.deleteProperty(window, "requestIdleCallback");
      Reflect.deleteProperty(window, "cancelIdleCallback");
    }
  });

  test("where the browser tells idle time, the outbox waits for it, at most two seconds", () => {
    const asked: Array<{ run: () => void; timeout: number | undefined }> = [];
    const idle = (run: () => void, options?: { timeout?: number }) =>
      asked.push({ run, timeout: options?.timeout });
    Object.assign(window, { requestIdleCallback: idle });
    try {
      const m = setup();
      m.run("open");
      m.connect();
      m.fromFrame({ name: "ping" });
      tick(timing.openAfterPingMs);
      expect(m.host.commands).toEqual([]);
      expect(asked.map((entry) => entry.timeout)).toEqual([2000]);
      asked[0]?.run();
      expect(m.host.commands).toEqual([{ name: "prepareReports", args: [] }]);
    } finally {
      Reflect.deleteProperty(window, "requestIdleCallback");
    }
  });

  test.each(screenCases)(
    "%p %p sends its message after readiness, not before, and opens the widget",
    (command, args, expected) => {
      const m = setup();
      m.run(command, ...args);
      m.connect();
      expect(m.posted).toEqual([]);
      m.fromFrame({ name: "ping" });
      expect(m.posted.map((p) => p.message).filter((message) => message.name === expected.name)).toEqual([
        expected,
      ]);
      tick(timing.openAfterPingMs);
      expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    },
  );

  test("commands without the id they need do nothing (and open nothing)", () => {
    const m = setup();
    for (const command of [
      "openConversation",
      "openHelpCenterArticle",
      "openNewsArticle",
      "openChecklist",
      "searchHelpCenter",
    ])
      m.run(command);
    expect(m.run("startChecklist")).toBe(false);
    expect(m.iframe()).toBeNull();
  });

  test("an offered survey waits while the host's takeover slot is held, and holds it once it shows", () => {
    const m = setup();
    const tour = {};
    m.host.takeover.take(tour);
    const action = { actionType: "survey-42", format: "survey_full", data: {}, outbound: "ob-9" };
    m.run("showSurvey", action);
    expect(m.iframe()).toBeNull();

    m.host.takeover.release(tour);
    m.run("showSurvey", action);
    expect(m.iframe()).not.toBeNull();
    expect(m.host.takeover.busy()).toBe(true);
  });

  test("an outbound survey from the socket runs only where its page filter matches", () => {
    const m = setup();
    const action = {
      actionType: "survey-42",
      format: "survey_full",
      data: {},
      outbound: "ob-9",
      pageFilter: "/checkout",
      pageFilterType: "contains",
    };
    m.run("showSurvey", action);
    expect(m.iframe()).toBeNull();

    m.run("showSurvey", { ...action, pageFilter: "localhost", pageFilterType: "contains" });
    m.connect();
    m.fromFrame({ name: "ping" });
    expect(m.posted.find((p) => p.message.name === "start-survey")?.message.data).toEqual({
      flow: "survey-42",
      hideBackButton: true,
      format: "survey_full",
    });
    expect(m.container()?.classList.contains("frame--survey-full")).toBe(true);
  });

  test("Ctrl+U's bug report (autostartDrawing) queues the flow and opens the screenshot editor, not the panel", () => {
    const m = setup();
    m.run("startFeedbackFlow", "bugreporting", true, { autostartDrawing: true });
    expect(m.host.commands).toEqual([
      { name: "startScreenCapture", args: ["screenshot", { autostart: true }] },
    ]);
    expect(m.container()).toBeNull();
    // The editor opens the widget when it closes: the flow waited for the frame.
    m.run("open");
    m.connect();
    m.fromFrame({ name: "ping" });
    tick(timing.openAfterPingMs);
    expect(m.names()).toContain("start-feedbackflow");
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
  });

  test("preFillForm takes an object or a JSON string; setFormData and sessionCleared go to a ready frame", () => {
    const m = setup();
    m.run("preFillForm", '{"name":"Ada"}');
    m.run("preFillForm", "not json");
    m.run("sessionCleared");
    readyMessenger(m);
    m.run("setFormData", "capture", { value: "screenshot", dirty: true });
    m.run("sessionCleared");
    expect(
      m.posted
        .map((p) => p.message)
        .filter((message) => message.name !== "config-update" && message.name !== "session-update"),
    ).toEqual([
      { name: "prefill-form-data", data: { name: "Ada" } },
      { name: "set-form-data", data: { formKey: "capture", data: { value: "screenshot", dirty: true } } },
      { name: "session-cleared" },
    ]);
  });

  test("toggle opens a closed widget and closes an open one", () => {
    const m = setup();
    m.run("toggle");
    m.connect();
    m.fromFrame({ name: "ping" });
    tick(timing.openAfterPingMs);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    m.run("toggle");
    expect(m.emitted.map((e) => e.name)).toEqual(["open", "close"]);
    m.run("toggle");
    expect(m.emitted.map((e) => e.name)).toEqual(["open", "close", "open"]);
  });
});

describe("open and hide", () => {
  const opened = () => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.posted.length = 0;
    return m;
  };

  test("Escape closes: close event, status update, hidden, listener gone", () => {
    const m = opened();
    const focus = spyOn(window, "focus");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(m.emitted.map((e) => e.name)).toEqual(["open", "close"]);
    expect(m.posted.map((p) => p.message)).toEqual([
      { name: "widget-status-update", data: { isWidgetOpen: false } },
    ]);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(true);
    expect(focus).toHaveBeenCalled();
    focus.mockRestore();

    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(m.emitted.filter((e) => e.name === "close")).toHaveLength(1);
  });

  test("an Escape the page already handled leaves the widget open", () => {
    const m = opened();
    const event = new KeyboardEvent("keydown", { key: "Escape", cancelable: true });
    event.preventDefault();
    document.dispatchEvent(event);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
  });

  test("the frame's close-widget hides it; hide and close do too", () => {
    for (const close of [
      (m: MountedMessenger) => m.fromFrame({ name: "close-widget" }),
      (m: MountedMessenger) => m.run("hide"),
      (m: MountedMessenger) => m.run("close"),
    ]) {
      const m = opened();
      close(m);
      expect(m.emitted.map((e) => e.name).at(-1)).toBe("close");
      m.unmount();
    }
    mounted = null;
  });

  test("a survey embedded in the page (survey_web) cannot be hidden", () => {
    const m = setup();
    readyMessenger(m, "showSurvey", "embedded", "survey_web");
    tick(timing.openAfterPingMs);
    m.run("hide");
    m.fromFrame({ name: "close-widget" });
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    expect(m.container()?.classList.contains("frame--hidden")).toBe(false);
    // Another screen takes it out of that mode; then it hides as usual.
    m.run("open");
    m.run("hide");
    expect(m.emitted.map((e) => e.name)).toEqual(["open", "close"]);
  });
});

describe("origin and shape checks", () => {
  /** An open widget, and a probe: a close-widget that must not close it. */
  const probe = (deliver: (m: MountedMessenger) => void) => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.posted.length = 0;
    deliver(m);
    tick(1000);
    expect(m.emitted.map((e) => e.name)).toEqual(["open"]);
    expect(m.posted).toEqual([]);
  };

  test("another origin is ignored", () =>
    probe((m) => m.fromFrame({ name: "close-widget" }, { origin: "http://evil.example" })));
  test("the same origin on another port is ignored", () =>
    probe((m) => m.fromFrame({ name: "close-widget" }, { origin: "http://localhost:3000" })));
  test("the right origin from another window (not the frame) is ignored", () =>
    probe((m) => m.fromFrame({ name: "close-widget" }, { source: window })));
  test("a message without a source is ignored", () =>
    probe((m) => m.fromFrame({ name: "close-widget" }, { source: null })));
  test("an object instead of a JSON string is ignored", () =>
    probe((m) => m.fromFrame({ name: "close-widget" }, { raw: true })));
  test("text that is not JSON is ignored", () => probe((m) => m.fromFrame("close-widget", { raw: true })));
  test("an unknown name is ignored", () => probe((m) => m.fromFrame({ name: "delete-everything" })));
  test("inherited names are not message names", () => probe((m) => m.fromFrame({ name: "__proto__" })));
  test("a known name with the wrong shape is ignored", () =>
    probe((m) => {
      m.fromFrame({ name: "open-url", data: 42 });
      m.fromFrame({ name: "height-update", data: "tall" });
      m.fromFrame({ name: "notify-event", data: { type: 5 } });
      m.fromFrame({ name: "send-feedback", data: { formData: "text" } });
    }));

  test("a ping from a foreign origin does not make the frame ready", () => {
    const m = setup();
    m.run("openNews");
    m.connect();
    m.fromFrame({ name: "ping" }, { origin: "http://evil.example" });
    m.fromFrame({ name: "ping" }, { source: window });
    tick(1000);
    expect(m.posted).toEqual([]);
    expect(m.emitted).toEqual([]);
  });
});

describe("frame requests", () => {
  const ready = (options?: Parameters<typeof mountMessenger>[0]) => {
    const m = setup(options);
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.posted.length = 0;
    m.emitted.length = 0;
    return m;
  };

  test("open-url opens through the host (its URL handler and safe schemes)", () => {
    const m = ready();
    m.fromFrame({ name: "open-url", data: "https://example.com/help", newTab: true });
    m.fromFrame({ name: "open-url", data: "/pricing" });
    expect(m.host.openedUrls).toEqual([
      { url: "https://example.com/help", newTab: true },
      { url: "/pricing", newTab: false },
    ]);
  });

  test("run-custom-action triggers the host's custom action with the share token", () => {
    const m = ready();
    m.fromFrame({ name: "run-custom-action", data: "upgrade", shareToken: "tok-1" });
    expect(m.host.customActions).toEqual([{ name: "upgrade", extra: { shareToken: "tok-1" } }]);
  });

  test("notify-event and tool-execution reach the host's listeners; the SDK's own events cannot be faked", () => {
    const m = ready();
    m.fromFrame({ name: "notify-event", data: { type: "flow-started", data: { flow: "bugreporting" } } });
    m.fromFrame({ name: "notify-event", data: { type: "close" } });
    m.fromFrame({ name: "notify-event", data: { type: "config-changed", data: {} } });
    m.fromFrame({ name: "tool-execution", data: { name: "lookup", params: { q: 1 } } });
    expect(m.emitted).toEqual([
      { name: "flow-started", data: { flow: "bugreporting" } },
      { name: "tool-execution", data: { name: "lookup", params: { q: 1 } } },
    ]);
  });

  test("start-screen-drawing asks for the capture surface; cleanup-drawings makes it forget its capture", () => {
    const m = ready();
    m.fromFrame({ name: "start-screen-drawing", data: "capture" });
    m.fromFrame({ name: "start-screen-drawing" });
    m.fromFrame({ name: "start-screen-drawing", data: "video" });
    m.fromFrame({ name: "cleanup-drawings" });
    expect(m.host.commands).toEqual([
      { name: "prepareReports", args: [] },
      { name: "startScreenCapture", args: ["capture"] },
      { name: "startScreenCapture", args: ["screenshot"] },
      { name: "startScreenCapture", args: ["screenshot"] },
      { name: "clearCapture", args: [] },
    ]);
    expect(m.emitted).toEqual([]);
  });

  test("collect-ticket-data is answered with the report's parts, the ticket attributes as formData", () => {
    const m = ready();
    const parts = m.host.reportParts();
    parts.customData.plan = "pro";
    parts.ticketAttributes.priority = "high";
    parts.tags.push("vip");
    parts.consoleLog.push({ log: "hi", date: "2026-01-01T00:00:00.000Z", priority: "INFO" });
    m.fromFrame({ name: "collect-ticket-data" });
    const answer = m.posted[0]?.message as { name: string; data: Record<string, unknown> };
    expect(answer.name).toBe("collect-ticket-data");
    expect(answer.data.customData).toEqual({ plan: "pro" });
    expect(answer.data.formData).toEqual({ priority: "high" });
    expect(answer.data.tags).toEqual(["vip"]);
    expect(answer.data.consoleLog).toHaveLength(1);
    expect((answer.data.metaData as { sdkType: string }).sdkType).toBe("javascript");
    expect(Object.keys(answer.data).sort()).toEqual(
      ["consoleLog", "customData", "customEventLog", "formData", "metaData", "networkLogs", "tags"].sort(),
    );
  });

  test("send-feedback posts a MEDIUM report and answers feedback-sent with the server's answer", async () => {
    const m = ready();
    m.fromFrame({
      name: "send-feedback",
      data: {
        formData: { description: "The button is broken", reportedBy: "ada@example.com" },
        action: { feedbackType: "FEATURE_REQUEST", excludeData: { consoleLog: true } },
        outboundId: "ob-1",
        spamToken: "spam-1",
      },
    });
    await settle();
    const report = m.host.reports[0] as Record<string, unknown>;
    expect(report.type).toBe("FEATURE_REQUEST");
    expect(report.priority).toBe("MEDIUM");
    expect(report.isSilent).toBe(false);
    expect(report.formData).toEqual({ description: "The button is broken", reportedBy: "ada@example.com" });
    expect(report.outbound).toBe("ob-1");
    expect(report.spamToken).toBe("spam-1");
    expect(report.consoleLog).toBeUndefined();
    expect(report.metaData).toBeDefined();

    const sent = m.posted.find((p) => p.message.name === "feedback-sent")?.message;
    expect(sent?.data).toMatchObject({ id: "report-1", shortId: "FB-1", type: "FEATURE_REQUEST" });
    expect(m.emitted.map((e) => e.name)).toEqual(["feedback-sent", "outbound-sent"]);
    expect(m.emitted[1]?.data).toMatchObject({ outboundId: "ob-1" });
    expect(m.host.tracked).toEqual([
      { name: "outbound-ob-1-submitted", data: { description: "The button is broken" } },
    ]);
  });

  test("send-feedback without an action is a BUG, and without an outbound sends no outbound events", async () => {
    const m = ready();
    m.fromFrame({ name: "send-feedback", data: { formData: { description: "x" } } });
    await settle();
    expect(m.host.reports[0]?.type).toBe("BUG");
    expect(m.emitted.map((e) => e.name)).toEqual(["feedback-sent"]);
    expect(m.host.tracked).toEqual([]);
  });

  test("a refused report answers feedback-sending-failed with the exact text and emits error-while-sending", async () => {
    const host = createRecordingHost({ sendReport: async () => Promise.reject(new Error("500")) });
    const m = ready({ host });
    m.fromFrame({ name: "send-feedback", data: { formData: { description: "x" }, action: null } });
    await settle();
    expect(m.posted.map((p) => p.message)).toEqual([
      { name: "feedback-sending-failed", data: sendingFailedText },
    ]);
    expect(sendingFailedText).toBe("Something went wrong, please try again.");
    expect(m.emitted.map((e) => e.name)).toEqual(["error-while-sending"]);
  });

  test("play-ping plays our own sound from the main origin, unless the host turned sounds off", () => {
    const played: string[] = [];
    const original = (globalThis as { Audio?: unknown }).Audio;
    (globalThis as { Audio?: unknown }).Audio = class {
      src: string;
      currentTime = 0;
      constructor(src: string) {
        this.src = src;
      }
      play() {
        played.push(this.src);
        return Promise.resolve();
      }
    };
    try {
      const m = ready();
      m.fromFrame({ name: "play-ping" });
      expect(played).toEqual(["http://localhost:3000/sounds/ping.wav"]);
      m.host.state.options.playSound = false;
      m.fromFrame({ name: "play-ping" });
      expect(played).toHaveLength(1);
    } finally {
      (globalThis as { Audio?: unknown }).Audio = original;
    }
  });
});

describe("live updates from the loader", () => {
  test("config-changed re-sends the config and restyles; session-changed the session; unread counts are forwarded", () => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.posted.length = 0;

    m.host.state.flowConfig = {
      ...defaultFlowConfig,
      color: "#0B7A75",
      headerColor: "#0B7A75",
      feedbackButtonPosition: "BOTTOM_LEFT",
    };
    m.events.emit("config-changed", m.host.state.flowConfig);
    m.events.emit("session-changed", m.host.session());
    m.events.emit("unread-count-changed", 3);

    expect(m.names()).toEqual(["config-update", "session-update", "unread-count-changed"]);
    expect(m.posted[0]?.message.data).toMatchObject({ config: { color: "#0B7A75" } });
    expect(m.posted[2]?.message.data).toBe(3);
    expect(m.container()?.classList.contains("frame--modern-left")).toBe(true);
    expect(m.container()?.style.getPropertyValue("--gl-header")).toBe("#0B7A75");
  });

  test("before the frame is ready, live updates are not queued (the ping brings the current ones)", () => {
    const m = setup();
    m.run("open");
    m.connect();
    m.events.emit("config-changed", defaultFlowConfig);
    m.events.emit("unread-count-changed", 2);
    m.fromFrame({ name: "ping" });
    expect(m.names()).toEqual(["config-update", "session-update"]);
  });
});

describe("modes and sizes", () => {
  const ready = (command = "open", ...args: unknown[]) => {
    const m = setup();
    readyMessenger(m, command, ...args);
    tick(timing.openAfterPingMs);
    return m;
  };
  const classes = (m: MountedMessenger) =>
    [...(m.container()?.classList ?? [])].filter(
      (name) => !["frame", "frame--animate", "frame--placeholder"].includes(name),
    );
  const inner = (m: MountedMessenger) => m.root.querySelector<HTMLElement>(".frame-inner");

  test("page-changed: news details and extended apps widen the frame; any other page narrows it again", () => {
    const m = ready();
    m.fromFrame({ name: "page-changed", data: { name: "newsdetails" } });
    expect(classes(m)).toEqual(["frame--extended"]);
    m.fromFrame({ name: "page-changed", data: { name: "home" } });
    expect(classes(m)).toEqual([]);
    m.fromFrame({ name: "page-changed", data: { name: "appextended" } });
    expect(classes(m)).toEqual(["frame--extended"]);
    m.fromFrame({ name: "page-changed" });
    expect(classes(m)).toEqual([]);
  });

  test("a page change does not turn a survey into the panel", () => {
    const m = ready("showSurvey", "nps");
    m.fromFrame({ name: "page-changed", data: { name: "home" } });
    expect(classes(m)).toEqual(["frame--survey"]);
  });

  test("survey formats: survey, survey_full and survey_web; a screen command returns to the panel", () => {
    const m = ready("showSurvey", "nps");
    expect(classes(m)).toEqual(["frame--survey"]);
    m.run("showSurvey", "nps", "survey_full");
    expect(classes(m)).toEqual(["frame--survey-full"]);
    m.run("showSurvey", "nps", "survey_web");
    expect(classes(m)).toEqual(["frame--survey-full"]);
    m.run("openNews");
    expect(classes(m)).toEqual([]);
  });

  test("height-update sizes a survey to its content; the panel keeps the stylesheet's 700 px cap", () => {
    const m = ready("showSurvey", "nps");
    m.fromFrame({ name: "height-update", data: 320 });
    expect(inner(m)?.style.maxHeight).toBe("320px");
    m.run("openHelpCenter");
    expect(inner(m)?.style.maxHeight).toBe("");
    m.fromFrame({ name: "height-update", data: 280 });
    expect(inner(m)?.style.maxHeight).toBe("");
    // A new survey starts from the cap until it reports its own height.
    m.run("showSurvey", "csat", "survey_full");
    expect(inner(m)?.style.maxHeight).toBe("");
  });

  test("the container follows the button: classic, classic-left, modern-left, no button", () => {
    const cases: Array<[Partial<typeof defaultFlowConfig>, boolean, string[]]> = [
      [{ feedbackButtonPosition: "BOTTOM_RIGHT" }, true, []],
      [{ feedbackButtonPosition: "BUTTON_CLASSIC" }, true, ["frame--classic"]],
      [{ feedbackButtonPosition: "BUTTON_CLASSIC_BOTTOM" }, true, ["frame--classic"]],
      [{ feedbackButtonPosition: "BUTTON_CLASSIC_LEFT" }, true, ["frame--classic-left"]],
      [{ feedbackButtonPosition: "BOTTOM_LEFT" }, true, ["frame--modern-left"]],
      [{ feedbackButtonPosition: "BUTTON_NONE" }, true, ["frame--no-button"]],
      [{ feedbackButtonPosition: "BOTTOM_LEFT" }, false, ["frame--no-button"]],
    ];
    for (const [config, showButton, expected] of cases) {
      const host = createRecordingHost();
      host.state.flowConfig = { ...defaultFlowConfig, ...config };
      host.state.options.showFeedbackButton = showButton;
      const m = mountMessenger({ host });
      m.run("open");
      expect(classes(m).filter((name) => name !== "frame--loading")).toEqual(expected);
      m.unmount();
    }
  });

  test("the project's offsets, radius and colours; right to left for an Arabic widget", () => {
    const host = createRecordingHost();
    host.state.flowConfig = {
      ...defaultFlowConfig,
      buttonX: 30,
      buttonY: 40,
      borderRadius: 12,
      localizationOptions: { language: "ar", rtl: true },
    };
    const m = setup({ host });
    m.run("open");
    const style = m.container()?.style;
    expect(style?.getPropertyValue("--gl-x")).toBe("30px");
    expect(style?.getPropertyValue("--gl-y")).toBe("40px");
    expect(style?.getPropertyValue("--gl-radius")).toBe("12px");
    expect(m.container()?.dir).toBe("rtl");
  });

  test("the stylesheet holds the spec's sizes and honours reduced motion", () => {
    for (const rule of [
      "max-width: 410px",
      ".frame--extended { max-width: 690px; }",
      "max-width: 640px",
      "max-height: 700px",
      "@media (max-width: 450px)",
      "@media (prefers-reduced-motion: reduce)",
    ])
      expect(messengerStyles).toContain(rule);
  });
});

describe("image viewer", () => {
  const ready = () => {
    const m = setup();
    readyMessenger(m);
    tick(timing.openAfterPingMs);
    m.emitted.length = 0;
    return m;
  };
  const viewer = (m: MountedMessenger) =>
    m.root.querySelector<HTMLElement>("[data-testid=gleap-image-viewer]");

  test("open-image shows the picture full screen in the shadow root; a backdrop click closes it", () => {
    const m = ready();
    m.fromFrame({ name: "open-image", data: { url: "https://cdn.example.com/shot.png" } });
    const element = viewer(m);
    expect(element?.getAttribute("role")).toBe("dialog");
    expect(element?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example.com/shot.png");
    expect(document.querySelector("[data-testid=gleap-image-viewer]")).toBeNull();
    expect(m.root.activeElement?.getAttribute("aria-label")).toBe("Close image");

    element?.querySelector("img")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(viewer(m)).not.toBeNull();
    element?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(viewer(m)).toBeNull();
  });

  test("the close button closes it", () => {
    const m = ready();
    m.fromFrame({ name: "open-image", data: { url: "https://cdn.example.com/shot.png" } });
    viewer(m)?.querySelector<HTMLButtonElement>("button")?.click();
    expect(viewer(m)).toBeNull();
  });

  test("Escape closes the viewer first and leaves the widget open; the next Escape closes the widget", () => {
    const m = ready();
    m.fromFrame({ name: "open-image", data: { url: "https://cdn.example.com/shot.png" } });
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", cancelable: true }));
    expect(viewer(m)).toBeNull();
    expect(m.emitted).toEqual([]);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", cancelable: true }));
    expect(m.emitted.map((e) => e.name)).toEqual(["close"]);
  });

  test("only pictures: a javascript: or relative address shows nothing; one viewer at a time", () => {
    const m = ready();
    m.fromFrame({ name: "open-image", data: { url: "javascript:alert(1)" } });
    m.fromFrame({ name: "open-image", data: { url: "/relative.png" } });
    expect(viewer(m)).toBeNull();
    m.fromFrame({ name: "open-image", data: { url: "https://cdn.example.com/a.png" } });
    m.fromFrame({ name: "open-image", data: { url: "data:image/png;base64,iVBORw0KGgo=" } });
    expect(m.root.querySelectorAll("[data-testid=gleap-image-viewer]")).toHaveLength(1);
  });
});

describe("scroll position", () => {
  test("opening records where the page was scrolled (the capture editor starts there)", async () => {
    const { createMessengerWidget } = await import("./messenger-widget.ts");
    const { createChunkContext } = await import("../common/chunk-context-test-support.ts");
    const context = createChunkContext();
    const view = Object.create(window, { scrollX: { value: 12 }, scrollY: { value: 340 } }) as Window;
    const widget = createMessengerWidget(context, view);
    widget.run("open", []);
    const iframe = context.root.querySelector("iframe");
    const frameWindow = { postMessage() {} };
    Object.defineProperty(iframe, "contentWindow", { value: frameWindow });
    window.dispatchEvent(
      new MessageEvent("message", {
        data: '{"name":"ping"}',
        origin: frameOrigin,
        source: frameWindow as unknown as Window,
      }),
    );
    tick(timing.openAfterPingMs);
    expect(widget.snapshotPosition()).toEqual({ x: 12, y: 340 });
    widget.destroy();
  });
});

describe("the open's delay after the ping", () => {
  test("what is left of 300 ms since the page heard the ping; no time, or one ahead, leaves all of it", () => {
    expect(openDelayAfterPing(undefined, 1_000, "widget")).toBe(300);
    expect(openDelayAfterPing(1_000, 1_000, "widget")).toBe(300);
    expect(openDelayAfterPing(900, 1_000, "widget")).toBe(200);
    expect(openDelayAfterPing(900, 1_000, "extended")).toBe(200);
    expect(openDelayAfterPing(600, 1_000, "widget")).toBe(0);
    expect(openDelayAfterPing(0, 1_000, "widget")).toBe(300);
    expect(openDelayAfterPing(1_200, 1_000, "widget")).toBe(300);
  });

  test("a survey, with no placeholder beneath, keeps the whole 300 ms however old the ping", () => {
    for (const mode of ["survey", "survey_full", "survey_web"] as const)
      expect(openDelayAfterPing(600, 1_000, mode)).toBe(300);
  });
});
