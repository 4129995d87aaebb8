import type { FeedbackReportCreated } from "../src/shared/feedback-report.ts";
import type { WidgetChunk, WidgetChunkName, WidgetEventName } from "../src/shared/widget-chunk-contract.ts";
import { defaultFlowConfig, type FlowConfig } from "../src/shared/widget-flow-config.ts";
import type { WidgetSession } from "../src/shared/widget-session.ts";
import { captureClicks } from "./click-capture.ts";
import { type ConsoleEntry, captureConsole } from "./console-capture.ts";
import { hasCookieConsent } from "./cookies.ts";
import { createEventBus } from "./event-bus.ts";
import { createEventTracker } from "./event-tracker.ts";
import type { GleapHostApi } from "./host-api.ts";
import { createHttpClient } from "./http-client.ts";
import type { ChunkLoader } from "./lazy-chunk.ts";
import { createLogBuffer } from "./log-buffer.ts";
import { createNetworkCapture } from "./network-capture.ts";
import { nextTask } from "./next-task.ts";
import { createRealtimeClient, type RealtimeMessage } from "./realtime-client.ts";
import { type ContactData, createSessionManager, type SessionManager } from "./session-manager.ts";
import { collectMetadata } from "./session-metadata.ts";
import { type HostCommand, parseGleapLink, parseUrlActions } from "./url-actions.ts";
import { createWidgetRoot } from "./widget-root.ts";

export const sdkVersion = "14.6.7";

export interface GleapDeps {
  window: Window & typeof globalThis;
  /** Default widget API base, derived from where the loader was served. */
  apiUrl: string;
  loadChunk: ChunkLoader;
  /** Surfaces that have a chunk in this build; calls to others log that they are unavailable. */
  availableSurfaces: readonly WidgetChunkName[];
  /** The host's CSP nonce (the loader script's own, unless the host passes one). */
  nonce?: string;
}

export interface InitializeOptions {
  /** Spec §5: start only once the `agreedToCookiePolicy` cookie is `true`. Default true. */
  requireCookieConsent?: boolean;
  nonce?: string;
}

type Listener = (data?: unknown) => void;

/** Which surface serves which host command (spec §7 "Host API"). */
const surfaceOf: Record<string, WidgetChunkName> = {
  open: "messenger",
  startFeedbackFlow: "messenger",
  startBot: "messenger",
  startConversation: "messenger",
  showSurvey: "messenger",
  openHelpCenter: "messenger",
  openHelpCenterArticle: "messenger",
  openHelpCenterCollection: "messenger",
  searchHelpCenter: "messenger",
  openNews: "messenger",
  openNewsArticle: "messenger",
  openChecklists: "messenger",
  startChecklist: "messenger",
  openFeatureRequests: "messenger",
  startProductTour: "tours",
  showBanner: "banner",
  showModal: "modal",
  showNotification: "notifications",
  startScreenCapture: "capture",
};

const consentPollMs = 1000;
const crashReportGapMs = 10_000;

/**
 * The host API behind `window.Gleap`. Every public method catches its own failures: the widget never
 * throws into the host page; problems are reported through the console with a `Gleap:` prefix.
 */
export function createGleap(deps: GleapDeps) {
  const { window } = deps;
  const document = window.document;
  const report = (message: string, error?: unknown) => window.console.warn(`Gleap: ${message}`, error ?? "");
  const events = createEventBus(report);
  // Captured before network logging wraps `fetch`: the SDK's own calls stay out of the host's log.
  const originalFetch = window.fetch.bind(window);
  const startedAt = Date.now();

  let sdkKey = "";
  let apiUrl = deps.apiUrl;
  let wsUrl = "";
  let nonce = deps.nonce;
  let language = (window.navigator.language || "en-us").toLowerCase();
  let environment = "prod";
  let tags: string[] = [];
  let customData: Record<string, unknown> = {};
  let ticketAttributes: Record<string, unknown> = {};
  let useCookies = false;
  let requireConsent = true;
  let initialized = false;
  let opened = false;
  let unread = 0;
  let flowConfig: FlowConfig = defaultFlowConfig;
  let session: SessionManager | null = null;
  let lastCrashReport = 0;
  let tooltips: unknown[] = [];
  let generation = 0;
  let widgetHost: HTMLElement | null = null;
  let widgetRoot: ShadowRoot | null = null;
  const cleanups: Array<() => void> = [];
  const mounted = new Map<WidgetChunkName, Promise<WidgetChunk>>();
  const customActions: Array<(action: unknown) => void> = [];

  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();

  const consoleLog = createLogBuffer<ConsoleEntry>(500);
  const network = createNetworkCapture(window, { ownUrls: () => [apiUrl] });
  const request = createHttpClient(
    originalFetch,
    () => apiUrl,
    () => ({ "Api-Token": sdkKey, ...session?.headers() }),
  );
  const tracker = createEventTracker({
    send: (body) => request("POST", "/sessions/ping", body),
    canStream: () => Boolean(session?.ready() && realtime.isOpen()),
    isOpened: () => opened,
    currentUrl: () => window.location.href,
    sdkVersion,
    startedAt,
  });
  const socketUrl = () => {
    const current = session?.current();
    const base = wsUrl || `${apiUrl.replace(/^http/, "ws")}/ws`;
    return `${base}?gleapId=${current?.gleapId ?? ""}&gleapHash=${current?.gleapHash ?? ""}&apiKey=${encodeURIComponent(sdkKey)}&sdkVersion=${sdkVersion}`;
  };
  const realtime = createRealtimeClient(socketUrl, onRealtimeMessage);

  function ensureRoot(): ShadowRoot {
    if (!widgetRoot) {
      const created = createWidgetRoot(document);
      widgetHost = created.host;
      widgetRoot = created.root;
    }
    return widgetRoot;
  }

  /** Loads a surface's chunk once, mounts it, and hands it the command; absent surfaces are logged. */
  async function runSurface(surface: WidgetChunkName, command?: string, args: unknown[] = []): Promise<void> {
    if (!deps.availableSurfaces.includes(surface)) {
      report(`${command ?? surface} needs the ${surface} surface, which is not available yet`);
      return;
    }
    const current = session?.current();
    if (!current) {
      report(`${command ?? surface} needs a session; call Gleap.initialize first`);
      return;
    }
    const run = generation;
    let chunk = mounted.get(surface);
    if (!chunk) {
      chunk = deps.loadChunk(surface).then(async (loaded) => {
        // The chunk's evaluation was one task; mounting it is another.
        await nextTask();
        if (run !== generation) return loaded;
        cleanups.push(loaded.mount({ root: ensureRoot(), session: current, flowConfig, events, nonce }));
        return loaded;
      });
      mounted.set(surface, chunk);
      chunk.catch(() => mounted.delete(surface));
    }
    const loaded = await chunk;
    if (command && run === generation) loaded.run?.(command, args);
  }

  function runCommand({ command, args, delaySeconds }: HostCommand) {
    const surface = surfaceOf[command];
    if (!surface) return;
    const go = () => runSurface(surface, command, args).catch((error) => report(`${command} failed`, error));
    if (delaySeconds) {
      const timer = setTimeout(go, delaySeconds * 1000);
      cleanups.push(() => clearTimeout(timer));
    } else void go();
  }

  function onRealtimeMessage(message: RealtimeMessage) {
    if (message.name === "update") {
      const data = (message.data ?? {}) as { a?: Array<{ actionType?: string }>; u?: number };
      if (typeof data.u === "number" && data.u !== unread) {
        unread = data.u;
        events.emit("unread-count-changed", unread);
      }
      if (Array.isArray(data.a) && data.a.length > 0) {
        events.emit("outbound-actions", data.a);
        for (const action of data.a) {
          const command =
            action.actionType === "notification"
              ? "showNotification"
              : action.actionType === "banner"
                ? "showBanner"
                : action.actionType === "modal"
                  ? "showModal"
                  : action.actionType === "tour"
                    ? "startProductTour"
                    : "showSurvey";
          runCommand({ command, args: [action] });
        }
      }
    } else if (message.name === "checklist") {
      events.emit("checklist-update", message.data);
    }
  }

  async function loadConfig(): Promise<void> {
    const cacheKey = `gleap-widget-config-${sdkKey}-${language}`;
    try {
      const cached = storage?.getItem(cacheKey);
      if (cached) flowConfig = { ...defaultFlowConfig, ...(JSON.parse(cached) as Partial<FlowConfig>) };
    } catch {
      // A broken cache entry is replaced below.
    }
    // Revalidate: with a cached copy this runs in the background, without one it is awaited.
    const fresh = request<{ flowConfig?: Partial<FlowConfig> }>(
      "GET",
      `/config/${encodeURIComponent(sdkKey)}?lang=${language}`,
    )
      .then((answer) => {
        flowConfig = { ...defaultFlowConfig, ...answer.flowConfig };
        storage?.setItem(cacheKey, JSON.stringify(answer.flowConfig ?? {}));
      })
      .catch((error) => report("config could not be loaded; using the last known one", error));
    if (flowConfig === defaultFlowConfig) await fresh;
  }

  function interceptLinks() {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      const href = anchor?.getAttribute("href") ?? "";
      if (!/^gleap:/i.test(href)) return;
      event.preventDefault();
      try {
        const command = parseGleapLink(href);
        if (command) runCommand(command);
      } catch (error) {
        window.console.error("Failed to handle Gleap link", error);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && (event.key === "u" || event.key === "U") && flowConfig.enableShortcuts) {
        event.preventDefault();
        runCommand({ command: "startFeedbackFlow", args: ["bugreporting", true] });
      }
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey);
    cleanups.push(() => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKey);
    });
  }

  /** The project's published tooltips, fetched for each new visitor id (WIDGET-PROTOCOL step 2). */
  function loadTooltips() {
    request<unknown[]>("GET", `/config/${encodeURIComponent(sdkKey)}/tooltips`)
      .then((list) => {
        tooltips = Array.isArray(list) ? list : [];
      })
      .catch((error) => report("Failed to fetch tooltips", error));
  }

  function onSessionChange(_next: WidgetSession, previousId: string | null) {
    loadTooltips();
    if (previousId === null) return;
    // A new visitor id: stream afresh and forget checklist state.
    tracker.restart();
    events.emit("checklist-update", null);
    realtime.reconnect();
  }

  async function boot(run: number) {
    await nextTask();
    if (run !== generation) return;
    const restoreConsole = captureConsole(window.console, consoleLog);
    const restoreClicks = captureClicks(document, consoleLog, () => opened);
    cleanups.push(restoreConsole, restoreClicks);

    session = createSessionManager({
      sdkKey,
      request,
      storage,
      cookieJar: () => (useCookies ? document : null),
      lang: () => language,
      sdkVersion,
      onChange: onSessionChange,
      report,
    });
    await session.start();
    if (run !== generation) return;
    await loadConfig();
    // Spec §4: network capture stays stopped until the config enables it (or the host starts it).
    if (flowConfig.enableNetworkLogs) network.start();
    await nextTask();
    if (run !== generation) return;
    tracker.start();
    tracker.track("sessionStarted");
    realtime.connect();
    await new Promise<void>((resolve) => {
      if (document.readyState !== "loading") resolve();
      else document.addEventListener("DOMContentLoaded", () => resolve(), { once: true });
    });
    if (run !== generation) return;
    if (flowConfig.feedbackButtonPosition !== "BUTTON_NONE") {
      void runSurface("launcher").catch((error) => report("the launcher is unavailable", error));
    }
    interceptLinks();
    for (const command of parseUrlActions(window.location.search)) runCommand(command);
    events.emit("initialized");
  }

  function start(run: number) {
    if (!requireConsent || hasCookieConsent(document.cookie)) {
      boot(run).catch((error) => {
        if (run === generation) initialized = false;
        window.console.warn("Failed to initialize Gleap.", error);
      });
      return;
    }
    // Waiting for consent: the SDK collects nothing until the host's cookie says yes.
    const poll = setInterval(() => {
      if (hasCookieConsent(document.cookie)) {
        clearInterval(poll);
        start(run);
      }
    }, consentPollMs);
    cleanups.push(() => clearInterval(poll));
  }

  function buildCrashReport(description: string, priority: string, excludeData: Record<string, boolean>) {
    const current = session?.current();
    return {
      type: "CRASH",
      priority,
      isSilent: true,
      customData,
      ticketAttributes,
      tags,
      excludeData,
      metaData: collectMetadata(window, { startedAt, sdkVersion, environment }),
      consoleLog: consoleLog.entries(),
      networkLogs: network.entries(),
      customEventLog: tracker.events(),
      formData: { description, reportedBy: current?.email ?? "" },
    };
  }

  /** Wraps a public method so nothing it does can throw into the host page. */
  function safe<A extends unknown[], R>(
    name: string,
    method: (...args: A) => R,
  ): (...args: A) => R | undefined {
    return (...args: A) => {
      try {
        const result = method(...args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            report(`${name} failed`, error);
            return undefined;
          }) as R;
        }
        return result;
      } catch (error) {
        report(`${name} failed`, error);
        return undefined;
      }
    };
  }

  const surfaceCommand = (command: string) =>
    safe(command, (...args: unknown[]) => runCommand({ command, args }));

  const api = {
    initialize: safe("initialize", (key: string, options: InitializeOptions | boolean = {}) => {
      if (initialized) {
        window.console.warn("Gleap already initialized.");
        return;
      }
      if (typeof key !== "string" || key.trim() === "") {
        report("initialize needs the project's SDK key");
        return;
      }
      const settings = typeof options === "object" && options !== null ? options : {};
      if (settings.requireCookieConsent === false) requireConsent = false;
      if (settings.nonce) nonce = settings.nonce;
      sdkKey = key.trim();
      initialized = true;
      start(generation);
    }),
    identify: safe("identify", (userId: string | number, data: ContactData = {}, userHash?: string) => {
      if (!session?.ready())
        return Promise.reject({ status: 0, statusText: "Session not ready yet.", responseText: "" });
      return session.identify(String(userId), data, userHash);
    }),
    updateContact: safe("updateContact", (data: ContactData) => session?.update(data)),
    clearIdentity: safe("clearIdentity", () => session?.clear()),
    trackEvent: safe("trackEvent", (name: string, data?: unknown) => {
      if (typeof name === "string" && name !== "") tracker.track(name, data);
    }),
    logEvent: safe("logEvent", (name: string, data?: unknown) => tracker.track(name, data)),
    setLanguage: safe("setLanguage", (lang: string) => {
      if (typeof lang !== "string" || lang === "") return;
      language = lang.toLowerCase();
      // Spec §7: re-initialise after a second, and tell the server the contact's language.
      const timer = setTimeout(() => {
        void loadConfig();
        void session?.update({}).catch((error) => report("language update failed", error));
      }, 1000);
      cleanups.push(() => clearTimeout(timer));
    }),
    setTags: safe("setTags", (next: string[]) => {
      if (Array.isArray(next)) tags = next.filter((tag) => typeof tag === "string");
    }),
    setEnvironment: safe("setEnvironment", (env: string) => {
      if (typeof env === "string" && env !== "") environment = env;
    }),
    setCustomData: safe("setCustomData", (key: string, value: unknown) => {
      customData = { ...customData, [key]: value };
    }),
    attachCustomData: safe("attachCustomData", (data: Record<string, unknown>) => {
      if (data && typeof data === "object") customData = { ...customData, ...data };
    }),
    removeCustomData: safe("removeCustomData", (key: string) => {
      const { [key]: _, ...rest } = customData;
      customData = rest;
    }),
    clearCustomData: safe("clearCustomData", () => {
      customData = {};
    }),
    setTicketAttribute: safe("setTicketAttribute", (key: string, value: unknown) => {
      ticketAttributes = { ...ticketAttributes, [key]: value };
    }),
    preFillForm: surfaceCommand("preFillForm"),
    registerCustomAction: safe("registerCustomAction", (callback: (action: unknown) => void) => {
      if (typeof callback === "function") customActions.push(callback);
    }),
    triggerCustomAction: safe("triggerCustomAction", (name: string) => {
      for (const action of customActions) action({ name });
    }),
    showSurvey: surfaceCommand("showSurvey"),
    startFeedbackFlow: surfaceCommand("startFeedbackFlow"),
    startBot: surfaceCommand("startBot"),
    startConversation: surfaceCommand("startConversation"),
    openHelpCenter: surfaceCommand("openHelpCenter"),
    openHelpCenterArticle: surfaceCommand("openHelpCenterArticle"),
    openHelpCenterCollection: surfaceCommand("openHelpCenterCollection"),
    searchHelpCenter: surfaceCommand("searchHelpCenter"),
    openNews: surfaceCommand("openNews"),
    openNewsArticle: surfaceCommand("openNewsArticle"),
    openChecklists: surfaceCommand("openChecklists"),
    openFeatureRequests: surfaceCommand("openFeatureRequests"),
    startProductTour: surfaceCommand("startProductTour"),
    showBanner: surfaceCommand("showBanner"),
    showModal: surfaceCommand("showModal"),
    showNotification: surfaceCommand("showNotification"),
    startChecklist: surfaceCommand("startChecklist"),
    setStyles: safe("setStyles", (styles: Partial<FlowConfig>) => {
      if (styles && typeof styles === "object") flowConfig = { ...flowConfig, ...styles };
    }),
    setApiUrl: safe("setApiUrl", (url: string) => {
      if (typeof url === "string" && url !== "") apiUrl = url.replace(/\/+$/, "");
    }),
    setWSApiUrl: safe("setWSApiUrl", (url: string) => {
      if (typeof url === "string") wsUrl = url;
    }),
    setFrameUrl: surfaceCommand("setFrameUrl"),
    setBannerUrl: surfaceCommand("setBannerUrl"),
    setModalUrl: surfaceCommand("setModalUrl"),
    setUseCookies: safe("setUseCookies", (on: boolean) => {
      useCookies = on === true;
    }),
    setMaxNetworkRequests: safe("setMaxNetworkRequests", (max: number) => network.setMaxRequests(max)),
    startNetworkLogger: safe("startNetworkLogger", () => network.start()),
    setNetworkLogsBlacklist: safe("setNetworkLogsBlacklist", (list: string[]) => network.setBlacklist(list)),
    setNetworkLogPropsToIgnore: safe("setNetworkLogPropsToIgnore", (props: string[]) =>
      network.setPropsToIgnore(props),
    ),
    setReplayOptions: surfaceCommand("setReplayOptions"),
    sendSilentCrashReport: safe(
      "sendSilentCrashReport",
      async (
        description: string = "",
        priority: string = "MEDIUM",
        excludeData: Record<string, boolean> = {},
      ) => {
        // Spec §5/§9: only with a ready session, and at most one every 10 seconds.
        if (!session?.ready() || Date.now() - lastCrashReport < crashReportGapMs) return;
        lastCrashReport = Date.now();
        return request<FeedbackReportCreated>(
          "POST",
          "/bugs/v2",
          buildCrashReport(description, priority, excludeData),
        );
      },
    ),
    open: safe("open", () => runCommand({ command: "open", args: [] })),
    hide: safe("hide", () => {
      if (!opened) return;
      opened = false;
      events.emit("close");
    }),
    isOpened: () => opened,
    on: safe("on", (name: WidgetEventName, callback: Listener) => {
      if (typeof callback === "function") events.on(name, callback);
    }),
    off: safe("off", (name: WidgetEventName, callback: Listener) => events.off(name, callback)),
    getSession: (): WidgetSession | null => session?.current() ?? null,
    getNonce: () => nonce,
    getApiUrl: () => apiUrl,
    getUnreadCount: () => unread,
    getTooltips: () => tooltips,
    destroy: safe("destroy", () => {
      generation++;
      session?.forget();
      session?.stop();
      network.stop();
      tracker.stop();
      realtime.close();
      for (const cleanup of cleanups.splice(0).reverse()) {
        try {
          cleanup();
        } catch (error) {
          report("unmount failed", error);
        }
      }
      widgetHost?.remove();
      widgetHost = null;
      widgetRoot = null;
      mounted.clear();
      session = null;
      initialized = false;
      opened = false;
      events.clear();
      followOpenState();
    }),
  };

  // The launcher reports open/close through the bus; the API's state follows it.
  function followOpenState() {
    events.on("open", () => {
      opened = true;
    });
    events.on("close", () => {
      opened = false;
    });
  }
  followOpenState();

  return api satisfies GleapHostApi;
}

export type GleapApi = ReturnType<typeof createGleap>;
