import type { FeedbackReportCreated } from "../src/shared/feedback-report.ts";
import { matchesPageFilter } from "../src/shared/page-filter.ts";
import { recordTypedValues, type TypedValue } from "../src/shared/privacy/typed-values.ts";
import type {
  HostOptions,
  ReportParts,
  WidgetChunk,
  WidgetChunkName,
  WidgetHost,
} from "../src/shared/widget-chunk-contract.ts";
import { defaultFlowConfig, type FlowConfig } from "../src/shared/widget-flow-config.ts";
import type { WidgetSession } from "../src/shared/widget-session.ts";
import { unfinishedTourStorageKey } from "../src/shared/widget-storage-keys.ts";
import { listenForAdmin } from "./admin-mode.ts";
import { captureClicks } from "./click-capture.ts";
import { type ConsoleEntry, captureConsole, maxLogLength } from "./console-capture.ts";
import { hasCookieConsent } from "./cookies.ts";
import { createEventBus } from "./event-bus.ts";
import { createEventTracker } from "./event-tracker.ts";
import type { GleapHostApi } from "./host-api.ts";
import { createHttpClient } from "./http-client.ts";
import type { ChunkLoader } from "./lazy-chunk.ts";
import { createLogBuffer } from "./log-buffer.ts";
import { nextTask } from "./next-task.ts";
import { createRealtimeClient, type RealtimeMessage } from "./realtime-client.ts";
import { type ContactData, createSessionManager, type SessionManager } from "./session-manager.ts";
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

/**
 * Which surface serves which host command (spec §7 "Host API"). Written as lists to keep the eager
 * loader small: it only routes, the surfaces hold the logic.
 */
const routes: Array<[WidgetChunkName, string]> = [
  [
    "messenger",
    "open hide close toggle startFeedbackFlow startClassicForm startBot startConversation showSurvey openHelpCenter openHelpCenterArticle openHelpCenterCollection searchHelpCenter openNews openNewsArticle openChecklists openChecklist startChecklist openFeatureRequests openConversations openConversation preFillForm setFormData sessionCleared",
  ],
  // hideBanner: the name the reference's snippet stub lists.
  ["banner", "showBanner closeBanner hideBanner"],
  ["modal", "showModal closeModal"],
  ["notifications", "showNotification"],
  ["launcher", "showFeedbackButton"],
  ["tours", "startProductTour resumeProductTour disableProductTours"],
  ["copilot", "startCopilotTour"],
  ["builder", "startBuilder"],
  ["capture", "startScreenCapture captureData clearCapture"],
  ["replay", "startReplay replayData setReplayOptions"],
  ["tooltips", "showTooltips"],
  // The <gleap-checklist> elements of the page, as they come and go.
  ["checklist", "checklistConnected checklistDisconnected"],
];
const surfaceOf: Record<string, WidgetChunkName> = {};
for (const [surface, names] of routes) for (const name of names.split(" ")) surfaceOf[name] = surface;

/** Commands that only act on a surface already shown: they never load its chunk. */
const ifMounted = new Set([
  "hide",
  "close",
  "closeBanner",
  "closeModal",
  "showFeedbackButton",
  "sessionCleared",
  "captureData",
  "clearCapture",
  "replayData",
  "setReplayOptions",
  "checklistDisconnected",
]);

const consentPollMs = 1000;
const crashReportGapMs = 10_000;

/** Links the widget may open in the host page: web, mail and phone, never `javascript:` or `data:`. */
const openableUrl = /^(https?:|mailto:|tel:)/i;

/**
 * The host API behind `window.Gleap`: a router from host calls to the lazy surfaces, plus what every
 * surface needs (session, config, logs). Every public method catches its own failures: the widget
 * never throws into the host page; problems are reported through the console with a `Gleap:` prefix.
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
  let frameUrl = "";
  let bannerUrl = "";
  let modalUrl = "";
  let serverMessengerUrl = "";
  let nonce = deps.nonce;
  let language = (window.navigator.language || "en-us").toLowerCase();
  let environment = "prod";
  let tags: string[] = [];
  let customData: Record<string, unknown> = {};
  let ticketAttributes: Record<string, unknown> = {};
  let appBuildNumber = "";
  let appVersionCode = "";
  let aiTools: unknown[] = [];
  let attachedNetworkLogs: unknown[] = [];
  let useCookies = false;
  let requireConsent = true;
  let captureConsoleLog = true;
  let shortcuts: boolean | null = null;
  let initialized = false;
  let opened = false;
  let unread = 0;
  // `setStyles` wins over the server's config, also when it was queued before the config arrived.
  let styleOverrides: Partial<FlowConfig> = {};
  let flowConfig: FlowConfig = defaultFlowConfig;
  let session: SessionManager | null = null;
  let lastCrashReport = 0;
  let tooltips: Array<{ page?: unknown; pageType?: unknown } | null> = [];
  let generation = 0;
  let widgetHost: HTMLElement | null = null;
  let widgetRoot: ShadowRoot | null = null;
  let urlHandler: ((url: string, newTab?: boolean) => void) | null = null;
  let restoreConsole = () => {};
  let networkOn = false;
  let booted = false;
  // Admin mode (the builder) unless the host turned it off; `stopAdmin` ends its listener.
  let adminDisabled = false;
  let stopAdmin = () => {};
  // `setReplayOptions` may come before the recorder (or the session) exists: kept, handed over at start.
  let replayOptions: Record<string, unknown> = {};
  const network = { maxRequests: 30, blacklist: [] as string[], propsToIgnore: [] as string[] };
  const options: HostOptions = {
    playSound: true,
    disableInAppNotifications: false,
    showFeedbackButton: true,
    showTabNotificationBadge: true,
    liveSite: null,
  };
  const cleanups: Array<() => void> = [];
  const mounted = new Map<WidgetChunkName, Promise<WidgetChunk>>();
  const loaded = new Map<WidgetChunkName, WidgetChunk>();
  const customActions: Array<(action: unknown) => void> = [];

  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();

  const consoleLog = createLogBuffer<ConsoleEntry>(500);
  const typedValues: TypedValue[] = [];
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

  const messengerUrl = () => (frameUrl || serverMessengerUrl).replace(/\/+$/, "");

  function reportParts(): ReportParts {
    const captured = loaded.get("network-log")?.run?.("entries", []);
    return {
      customData,
      ticketAttributes,
      tags,
      consoleLog: consoleLog.entries(),
      networkLogs: [...(Array.isArray(captured) ? captured : []), ...attachedNetworkLogs],
      customEventLog: tracker.events(),
      environment,
      startedAt,
      sdkVersion,
      appBuildNumber,
      appVersionCode,
      typedValues,
    };
  }

  /** What every surface may ask of the loader (src/shared/widget-chunk-contract.ts). */
  const host: WidgetHost = {
    get sdkKey() {
      return sdkKey;
    },
    apiUrl: () => apiUrl,
    session: () => session?.current() ?? null,
    flowConfig: () => flowConfig,
    language: () => language,
    frameUrls: () => ({
      messenger: messengerUrl(),
      banner: bannerUrl || `${messengerUrl()}/banner`,
      modal: modalUrl || `${messengerUrl()}/modal`,
    }),
    aiTools: () => aiTools,
    command: (name, args = []) => void runCommand({ command: name, args }),
    query: async (name, args = []) => runCommand({ command: name, args }),
    isOpened: () => opened,
    unreadCount: () => unread,
    reportParts,
    sendReport: (body) => request<FeedbackReportCreated>("POST", "/bugs/v2", body),
    request: (method, path, body) => request(method, path, body),
    triggerCustomAction: (name, extra) => {
      for (const action of customActions) action({ name, ...extra });
    },
    openUrl: (url, newTab) => {
      if (urlHandler) return urlHandler(url, newTab);
      if (!openableUrl.test(new URL(url, window.location.href).href)) return report(`refused to open ${url}`);
      if (newTab) window.open(url, "_blank", "noopener");
      else window.location.href = url;
    },
    trackEvent: (name, data) => tracker.track(name, data),
    options: () => options,
  };

  function ensureRoot(): ShadowRoot {
    if (!widgetRoot) {
      const created = createWidgetRoot(document);
      widgetHost = created.host;
      widgetRoot = created.root;
    }
    return widgetRoot;
  }

  /**
   * Loads a surface's chunk once, mounts it, and hands it the command; absent surfaces are logged.
   * Answers what the surface answers (a crash report's server answer, the network log).
   */
  async function runSurface(
    surface: WidgetChunkName,
    command?: string,
    args: unknown[] = [],
  ): Promise<unknown> {
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
      chunk = deps.loadChunk(surface).then(async (module) => {
        // The chunk's evaluation was one task; mounting it is another.
        await nextTask();
        if (run !== generation) return module;
        cleanups.push(
          module.mount({ root: ensureRoot(), session: current, flowConfig, events, nonce, host }),
        );
        loaded.set(surface, module);
        return module;
      });
      mounted.set(surface, chunk);
      chunk.catch(() => mounted.delete(surface));
    }
    const module = await chunk;
    if (command && run === generation) return module.run?.(command, args);
  }

  function runCommand({ command, args, delaySeconds }: HostCommand): Promise<unknown> | undefined {
    const surface = surfaceOf[command];
    if (!surface || (ifMounted.has(command) && !mounted.has(surface))) return;
    const go = () => runSurface(surface, command, args).catch((error) => report(`${command} failed`, error));
    if (!delaySeconds) return go();
    const timer = setTimeout(go, delaySeconds * 1000);
    cleanups.push(() => clearTimeout(timer));
  }

  /** The host's network-log settings with the project config's lists (spec §3 Config). */
  function configureNetwork() {
    // Before the session is ready the setting is kept; boot starts the log.
    if (!networkOn || !session?.ready()) return;
    void runSurface("network-log", "configure", [
      {
        maxRequests: network.maxRequests,
        blacklist: [...network.blacklist, ...flowConfig.networkLogBlacklist],
        propsToIgnore: [...network.propsToIgnore, ...flowConfig.networkLogPropsToIgnore],
        resources: flowConfig.sendNetworkResources,
      },
    ]).then(() => runSurface("network-log", "start"));
  }

  function setUnread(count: number) {
    if (count === unread) return;
    unread = count;
    events.emit("unread-count-changed", unread);
  }

  function onRealtimeMessage(message: RealtimeMessage) {
    if (message.name === "update") {
      const data = (message.data ?? {}) as {
        a?: Array<{ actionType?: string; format?: string }>;
        u?: number;
      };
      if (typeof data.u === "number") setUnread(data.u);
      if (Array.isArray(data.a) && data.a.length > 0) {
        events.emit("outbound-actions", data.a);
        for (const action of data.a) {
          // Surfaces check the action's page filter themselves. A survey's action type is its form id.
          const type = action.actionType ?? "";
          const command =
            {
              notification: "showNotification",
              banner: "showBanner",
              modal: "showModal",
              tour: "startProductTour",
            }[type] ?? "showSurvey";
          runCommand({ command, args: [action] });
        }
      }
    } else if (message.name === "checklist") {
      events.emit("checklist-update", message.data);
    }
  }

  function applyConfig(serverConfig: Partial<FlowConfig> | undefined) {
    flowConfig = { ...defaultFlowConfig, ...serverConfig, ...styleOverrides };
    emitConfig();
    configureNetwork();
  }

  async function loadConfig(): Promise<void> {
    const cacheKey = `gleap-widget-config-${sdkKey}-${language}`;
    let cachedConfig = false;
    try {
      const cached = JSON.parse(storage?.getItem(cacheKey) ?? "null") as {
        flowConfig?: Partial<FlowConfig>;
        messengerUrl?: string;
      } | null;
      if (cached?.flowConfig) {
        serverMessengerUrl = cached.messengerUrl ?? "";
        applyConfig(cached.flowConfig);
        cachedConfig = true;
      }
    } catch {
      // A broken cache entry is replaced below.
    }
    // Revalidate: with a cached copy this runs in the background, without one it is awaited.
    const fresh = request<{ flowConfig?: Partial<FlowConfig>; messengerUrl?: string }>(
      "GET",
      `/config/${encodeURIComponent(sdkKey)}?lang=${language}`,
    )
      .then((answer) => {
        serverMessengerUrl = answer.messengerUrl ?? serverMessengerUrl;
        applyConfig(answer.flowConfig);
        storage?.setItem(
          cacheKey,
          JSON.stringify({ flowConfig: answer.flowConfig ?? {}, messengerUrl: serverMessengerUrl }),
        );
      })
      .catch((error) => report("config could not be loaded; using the last known one", error));
    if (!cachedConfig) await fresh;
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
      if (
        event.ctrlKey &&
        (event.key === "u" || event.key === "U") &&
        (shortcuts ?? flowConfig.enableShortcuts)
      ) {
        event.preventDefault();
        runCommand({
          command: "startFeedbackFlow",
          args: ["bugreporting", true, { autostartDrawing: true }],
        });
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
        tooltips = Array.isArray(list) ? (list as typeof tooltips) : [];
        // Before boot the page may have no body yet; boot looks at the list itself.
        if (booted) showTooltips(true);
      })
      .catch((error) => report("Failed to fetch tooltips", error));
  }

  /**
   * The tooltips chunk loads once a tooltip is meant for this address (checked every second, for
   * single-page apps); a loaded chunk gets every new list and follows the address itself.
   */
  function showTooltips(fresh?: boolean) {
    if (
      mounted.has("tooltips")
        ? fresh
        : tooltips.some((tip) =>
            matchesPageFilter(window.location.href, `${tip?.page ?? ""}`, `${tip?.pageType ?? ""}`),
          )
    )
      runCommand({ command: "showTooltips", args: [tooltips] });
  }

  /** `<gleap-checklist>` (spec §5): the element is defined here, its content comes with the checklist chunk. */
  function defineChecklist() {
    const registry = window.customElements;
    const forward = (command: string, element: HTMLElement) => runCommand({ command, args: [element] });
    if (registry?.get("gleap-checklist"))
      // Initialized again after destroy: the elements already on the page are drawn again.
      for (const element of document.querySelectorAll<HTMLElement>("gleap-checklist"))
        forward("checklistConnected", element);
    else
      registry?.define(
        "gleap-checklist",
        class extends window.HTMLElement {
          static observedAttributes = ["checklistid", "sharedkey", "info", "progressbar", "floating", "dark"];
          connectedCallback() {
            forward("checklistConnected", this);
          }
          attributeChangedCallback() {
            if (this.isConnected) forward("checklistConnected", this);
          }
          disconnectedCallback() {
            forward("checklistDisconnected", this);
          }
        },
      );
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
    if (captureConsoleLog) restoreConsole = captureConsole(window.console, consoleLog);
    cleanups.push(
      () => restoreConsole(),
      captureClicks(document, consoleLog, () => opened),
      recordTypedValues(document, typedValues),
    );

    session = createSessionManager({
      sdkKey,
      request,
      storage,
      cookieJar: () => (useCookies ? document : null),
      lang: () => language,
      sdkVersion,
      onChange: onSessionChange,
      onUpdate: (next) => events.emit("session-changed", next),
      report,
    });
    await session.start();
    if (run !== generation) return;
    await loadConfig();
    // Spec §4: network capture stays stopped until the config enables it (or the host starts it).
    if (flowConfig.enableNetworkLogs || networkOn) startNetwork();
    // The replay recorder is its own chunk, loaded only for projects that record replays.
    if (flowConfig.enableWebReplays) runCommand({ command: "startReplay", args: [replayOptions] });
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
    mountLauncher();
    defineChecklist();
    showTooltips();
    const tooltipCheck = setInterval(showTooltips, 1000);
    cleanups.push(() => clearInterval(tooltipCheck));
    // Unread notifications of an earlier page view come back (the stack keeps them an hour).
    if ((storage?.getItem("unread-notifications") ?? "[]").length > 2) void runSurface("notifications");
    interceptLinks();
    // Spec §4: an unfinished tour of an earlier page view goes on (before the URL's own actions).
    if (storage?.getItem(unfinishedTourStorageKey)) runCommand({ command: "resumeProductTour", args: [] });
    if (!adminDisabled) {
      stopAdmin = listenForAdmin({
        window,
        apiUrl: () => apiUrl,
        onLoad: (message, origin) => {
          // Spec §4: admin mode disables normal tours (they would cover what the admin points at).
          runCommand({ command: "disableProductTours", args: [] });
          runCommand({ command: "startBuilder", args: [message, origin] });
        },
      });
      cleanups.push(() => stopAdmin());
    }
    for (const command of parseUrlActions(window.location.search)) runCommand(command);
    booted = true;
    events.emit("initialized");
  }

  /** A live config change; a button that was hidden (BUTTON_NONE) may now have to be drawn. */
  function emitConfig() {
    events.emit("config-changed", flowConfig);
    if (booted) mountLauncher();
  }

  function mountLauncher() {
    if (options.showFeedbackButton && flowConfig.feedbackButtonPosition !== "BUTTON_NONE")
      void runSurface("launcher").catch((error) => report("the launcher is unavailable", error));
  }

  function startNetwork() {
    networkOn = true;
    configureNetwork();
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

  /** Spec §5/§9: a silent crash report only with a ready session, and at most one every 10 seconds. */
  function crashReport(formData: Record<string, unknown>, priority = "MEDIUM", excludeData = {}) {
    if (!session?.ready() || Date.now() - lastCrashReport < crashReportGapMs) return;
    lastCrashReport = Date.now();
    return runSurface("report", "crash", [formData, priority, excludeData]) as Promise<
      FeedbackReportCreated | undefined
    >;
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

  /** A host API method that only routes its arguments to the surface serving it. */
  const routed = (command: string) =>
    safe(command, (...args: unknown[]) => void runCommand({ command, args }));
  const setter = <T>(name: string, apply: (value: T) => void) => safe(name, apply);

  const api = {
    initialize: safe("initialize", (key: string, settings: InitializeOptions | boolean = {}) => {
      if (initialized) {
        window.console.warn("Gleap already initialized.");
        return;
      }
      if (typeof key !== "string" || key.trim() === "") {
        report("initialize needs the project's SDK key");
        return;
      }
      const given = typeof settings === "object" && settings !== null ? settings : {};
      if (given.requireCookieConsent === false) requireConsent = false;
      if (given.nonce) nonce = given.nonce;
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
    clearIdentity: safe("clearIdentity", () => {
      runCommand({ command: "sessionCleared", args: [] });
      return session?.clear();
    }),
    getIdentity: () => session?.current() ?? null,
    isUserIdentified: () => Boolean(session?.current()?.userId),
    trackEvent: safe("trackEvent", (name: string, data?: unknown) => {
      if (typeof name === "string" && name !== "") tracker.track(name, data);
    }),
    logEvent: safe("logEvent", (name: string, data?: unknown) => tracker.track(name, data)),
    log: safe("log", (message: string, level: "INFO" | "WARNING" | "ERROR" = "INFO") => {
      if (typeof message === "string" && message !== "")
        consoleLog.push({
          log: message.slice(0, maxLogLength),
          date: new Date().toISOString(),
          priority: level,
        });
    }),
    setLanguage: safe("setLanguage", (lang: string) => {
      if (typeof lang !== "string" || lang === "") return;
      language = lang.toLowerCase();
      events.emit("language-changed", language);
      // Spec §7: re-initialise after a second, and tell the server the contact's language.
      const timer = setTimeout(() => {
        void loadConfig();
        void session?.update({ lang: language }).catch((error) => report("language update failed", error));
      }, 1000);
      cleanups.push(() => clearTimeout(timer));
    }),
    setTags: setter("setTags", (next: string[]) => {
      if (Array.isArray(next)) tags = next.filter((tag) => typeof tag === "string");
    }),
    setEnvironment: setter("setEnvironment", (env: string) => {
      if (typeof env === "string" && env !== "") environment = env;
    }),
    setAppBuildNumber: setter("setAppBuildNumber", (value: string) => {
      appBuildNumber = String(value ?? "");
    }),
    setAppVersionCode: setter("setAppVersionCode", (value: string) => {
      appVersionCode = String(value ?? "");
    }),
    setCustomData: safe("setCustomData", (key: string, value: unknown) => {
      customData = { ...customData, [key]: value };
    }),
    attachCustomData: setter("attachCustomData", (data: Record<string, unknown>) => {
      if (data && typeof data === "object") customData = { ...customData, ...data };
    }),
    removeCustomData: setter("removeCustomData", (key: string) => {
      const { [key]: _, ...rest } = customData;
      customData = rest;
    }),
    clearCustomData: safe("clearCustomData", () => {
      customData = {};
    }),
    setTicketAttribute: safe("setTicketAttribute", (key: string, value: unknown) => {
      ticketAttributes = { ...ticketAttributes, [key]: value };
    }),
    unsetTicketAttribute: setter("unsetTicketAttribute", (key: string) => {
      const { [key]: _, ...rest } = ticketAttributes;
      ticketAttributes = rest;
    }),
    clearTicketAttributes: safe("clearTicketAttributes", () => {
      ticketAttributes = {};
    }),
    preFillForm: routed("preFillForm"),
    registerCustomAction: setter("registerCustomAction", (callback: (action: unknown) => void) => {
      if (typeof callback === "function") customActions.push(callback);
    }),
    triggerCustomAction: setter("triggerCustomAction", (name: string) => host.triggerCustomAction(name)),
    setUrlHandler: setter("setUrlHandler", (handler: (url: string, newTab?: boolean) => void) => {
      urlHandler = typeof handler === "function" ? handler : null;
    }),
    showSurvey: routed("showSurvey"),
    startFeedbackFlow: routed("startFeedbackFlow"),
    startClassicForm: routed("startClassicForm"),
    startBot: routed("startBot"),
    startConversation: routed("startConversation"),
    openConversations: routed("openConversations"),
    openConversation: routed("openConversation"),
    openHelpCenter: routed("openHelpCenter"),
    openHelpCenterArticle: routed("openHelpCenterArticle"),
    openHelpCenterCollection: routed("openHelpCenterCollection"),
    searchHelpCenter: routed("searchHelpCenter"),
    openNews: routed("openNews"),
    openNewsArticle: routed("openNewsArticle"),
    openChecklists: routed("openChecklists"),
    openChecklist: routed("openChecklist"),
    startChecklist: routed("startChecklist"),
    openFeatureRequests: routed("openFeatureRequests"),
    startProductTour: routed("startProductTour"),
    showBanner: routed("showBanner"),
    closeBanner: routed("closeBanner"),
    showModal: routed("showModal"),
    closeModal: routed("closeModal"),
    showNotification: routed("showNotification"),
    setStyles: setter("setStyles", (styles: Record<string, unknown>) => {
      if (!styles || typeof styles !== "object") return;
      // The reference's names: primaryColor is the config's color, buttonStyle its button position.
      const { primaryColor, buttonStyle, ...rest } = styles;
      const mapped = {
        ...rest,
        ...(primaryColor ? { color: primaryColor } : {}),
        ...(buttonStyle ? { feedbackButtonPosition: buttonStyle } : {}),
      } as Partial<FlowConfig>;
      styleOverrides = { ...styleOverrides, ...mapped };
      flowConfig = { ...flowConfig, ...mapped };
      emitConfig();
    }),
    showFeedbackButton: setter("showFeedbackButton", (show: boolean) => {
      options.showFeedbackButton = show !== false;
      if (mounted.has("launcher"))
        runCommand({ command: "showFeedbackButton", args: [options.showFeedbackButton] });
      else if (session?.ready()) mountLauncher();
    }),
    enableShortcuts: setter("enableShortcuts", (on: boolean) => {
      shortcuts = on === true;
    }),
    playSound: setter("playSound", (on: boolean) => {
      options.playSound = on === true;
    }),
    setDisableInAppNotifications: setter("setDisableInAppNotifications", (on: boolean) => {
      options.disableInAppNotifications = on === true;
    }),
    showTabNotificationBadge: setter("showTabNotificationBadge", (on: boolean) => {
      options.showTabNotificationBadge = on === true;
      events.emit("unread-count-changed", unread);
    }),
    setLiveSite: setter("setLiveSite", (live: boolean) => {
      options.liveSite = live === true;
    }),
    disableAdminMode: safe("disableAdminMode", () => {
      adminDisabled = true;
      stopAdmin();
    }),
    setDisablePageTracking: setter("setDisablePageTracking", (off: boolean) =>
      tracker.setPageTracking(off !== true),
    ),
    disableConsoleLogOverwrite: safe("disableConsoleLogOverwrite", () => {
      captureConsoleLog = false;
      restoreConsole();
    }),
    setAiTools: setter("setAiTools", (tools: unknown[]) => {
      aiTools = Array.isArray(tools) ? tools : [];
      emitConfig();
    }),
    setApiUrl: setter("setApiUrl", (url: string) => {
      if (typeof url === "string" && url !== "") apiUrl = url.replace(/\/+$/, "");
    }),
    setWSApiUrl: setter("setWSApiUrl", (url: string) => {
      if (typeof url === "string") wsUrl = url;
    }),
    setFrameUrl: setter("setFrameUrl", (url: string) => {
      if (typeof url === "string") frameUrl = url;
    }),
    setBannerUrl: setter("setBannerUrl", (url: string) => {
      if (typeof url === "string") bannerUrl = url;
    }),
    setModalUrl: setter("setModalUrl", (url: string) => {
      if (typeof url === "string") modalUrl = url;
    }),
    setUseCookies: setter("setUseCookies", (on: boolean) => {
      useCookies = on === true;
    }),
    setMaxNetworkRequests: setter("setMaxNetworkRequests", (max: number) => {
      network.maxRequests = max;
      configureNetwork();
    }),
    startNetworkLogger: safe("startNetworkLogger", startNetwork),
    setNetworkLogsBlacklist: setter("setNetworkLogsBlacklist", (list: string[]) => {
      network.blacklist = Array.isArray(list) ? list : [];
      configureNetwork();
    }),
    setNetworkLogPropsToIgnore: setter("setNetworkLogPropsToIgnore", (props: string[]) => {
      network.propsToIgnore = Array.isArray(props) ? props : [];
      configureNetwork();
    }),
    attachNetworkLogs: setter("attachNetworkLogs", (logs: string) => {
      const parsed: unknown = typeof logs === "string" ? JSON.parse(logs) : logs;
      attachedNetworkLogs = Array.isArray(parsed) ? parsed : [];
    }),
    setReplayOptions: setter("setReplayOptions", (given: Record<string, unknown>) => {
      if (!given || typeof given !== "object") return;
      replayOptions = { ...replayOptions, ...given };
      runCommand({ command: "setReplayOptions", args: [replayOptions] });
    }),
    sendSilentCrashReport: safe(
      "sendSilentCrashReport",
      (description = "", priority?: string, excludeData?: Record<string, boolean>) =>
        crashReport({ description, reportedBy: session?.current()?.email ?? "" }, priority, excludeData),
    ),
    sendSilentCrashReportWithFormData: safe(
      "sendSilentCrashReportWithFormData",
      (formData: Record<string, unknown> = {}, priority?: string, excludeData?: Record<string, boolean>) =>
        crashReport({ ...formData }, priority, excludeData),
    ),
    open: routed("open"),
    hide: routed("hide"),
    close: routed("close"),
    isOpened: () => opened,
    on: safe("on", (name: string, callback: Listener) => {
      if (typeof callback === "function") events.on(name, callback);
    }),
    off: safe("off", (name: string, callback: Listener) => events.off(name, callback)),
    getInstance: () => api,
    getSession: (): WidgetSession | null => session?.current() ?? null,
    getNonce: () => nonce,
    getApiUrl: () => apiUrl,
    getUnreadCount: () => unread,
    getTooltips: () => tooltips,
    destroy: safe("destroy", () => {
      generation++;
      session?.forget();
      session?.stop();
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
      loaded.clear();
      session = null;
      initialized = false;
      opened = false;
      networkOn = false;
      booted = false;
      events.clear();
      followOpenState();
    }),
  };

  // The messenger reports open/close through the bus; the API's state follows it, and an opened
  // widget has shown the visitor what was unread (spec §4 "count reset to 0 when the widget is open").
  function followOpenState() {
    events.on("open", () => {
      opened = true;
      setUnread(0);
    });
    events.on("close", () => {
      opened = false;
    });
  }
  followOpenState();

  return api satisfies GleapHostApi;
}

export type GleapApi = ReturnType<typeof createGleap>;
