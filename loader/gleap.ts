import type { FeedbackReportCreated } from "../src/shared/feedback-report.ts";
import {
  type RoutedMethodName,
  type SurfaceCommand,
  surfaceCommands,
  type WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import type { WidgetSession } from "../src/shared/widget-session.ts";
import { bootWidget, whenConsented } from "./boot.ts";
import { createEndpoints } from "./endpoints.ts";
import { createEventBus } from "./event-bus.ts";
import { createEventTracker } from "./event-tracker.ts";
import type { GleapHostApi } from "./host-api.ts";
import { createHostLogs } from "./host-logs.ts";
import { createHostSettings } from "./host-settings.ts";
import { createHttpClient } from "./http-client.ts";
import type { ChunkLoader } from "./lazy-chunk.ts";
import { createNetworkLogSettings } from "./network-log-settings.ts";
import { attachPageHooks } from "./page-hooks.ts";
import { createTooltipWatch } from "./page-tooltips.ts";
import { createRealtimeClient, type SocketClass } from "./realtime-client.ts";
import { dispatchRealtime } from "./realtime-dispatch.ts";
import { safeCall, safeMethods } from "./safe-call.ts";
import { type ContactData, createSessionManager, type SessionManager } from "./session-manager.ts";
import { createSurfaceMounts } from "./surface-mounts.ts";
import type { HostCommand } from "./url-actions.ts";
import { createWidgetConfig } from "./widget-config.ts";
import { createWidgetHost } from "./widget-host.ts";

export const sdkVersion = "14.6.7";

export interface GleapDeps {
  window: Window & typeof globalThis;
  /** Default widget API base, derived from where the loader was served. */
  apiUrl: string;
  loadChunk: ChunkLoader;
  /** The socket client, a lazy file of its own (loader/socket-chunk.ts). */
  loadSocket: () => SocketClass | Promise<SocketClass>;
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

/** Which surface serves each command, which only act on a shown one, which are API methods. */
const surfaceOf: Record<string, WidgetChunkName> = {};
const mountedOnly = new Set<string>();
const routedMethods: RoutedMethodName[] = [];
for (const [surface, entries] of Object.entries(surfaceCommands))
  for (const entry of entries.split(" ")) {
    const name = entry.replace(/\W/g, "");
    surfaceOf[name] = surface as WidgetChunkName;
    if (entry.includes("?")) mountedOnly.add(name);
    if (entry.includes("+")) routedMethods.push(name as RoutedMethodName);
  }

const crashReportGapMs = 10_000;

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
  let nonce = deps.nonce;
  let language = (window.navigator.language || "en-us").toLowerCase();
  let aiTools: unknown[] = [];
  let useCookies = false;
  let requireConsent = true;
  let shortcuts: boolean | null = null;
  let initialized = false;
  let opened = false;
  let unread = 0;
  let session: SessionManager | null = null;
  let lastCrashReport = 0;
  let generation = 0;
  let booted = false;
  // Admin mode (the builder) unless the host turned it off; `stopAdmin` ends its listener.
  let adminDisabled = false;
  let stopAdmin = () => {};
  // `setReplayOptions` may come before the recorder (or the session) exists: kept, handed over at start.
  let replayOptions: Record<string, unknown> = {};
  const cleanups: Array<() => void> = [];

  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();

  const route = (command: HostCommand["command"], args: unknown[]) => runCommand({ command, args });
  const logs = createHostLogs(window, () => opened);
  const endpoints = createEndpoints(deps.apiUrl, () => config.messengerUrl());
  const apiUrl = endpoints.apiUrl;
  const request = createHttpClient(originalFetch, apiUrl, () => ({
    "Api-Token": sdkKey,
    ...session?.headers(),
  }));
  const tracker = createEventTracker({
    send: (body) => request("POST", "/sessions/ping", body),
    canStream: () => Boolean(session?.ready() && realtime.isOpen()),
    isOpened: () => opened,
    currentUrl: () => window.location.href,
    sdkVersion,
    startedAt,
  });
  const realtime = createRealtimeClient(
    () => {
      const current = session?.current();
      return `${endpoints.socketUrl()}?gleapId=${current?.gleapId ?? ""}&gleapHash=${current?.gleapHash ?? ""}&apiKey=${encodeURIComponent(sdkKey)}&sdkVersion=${sdkVersion}`;
    },
    (message) => dispatchRealtime(message, { events, setUnread, runCommand: route }),
    deps.loadSocket,
    report,
  );
  const settings = createHostSettings(() => events.emit("unread-count-changed", unread));
  const config = createWidgetConfig({
    storage,
    request,
    report,
    onChange: (current, fromServer) => {
      events.emit("config-changed", current);
      if (booted) mountLauncher();
      // The project's network-log lists are part of its config; a style change leaves the log alone.
      if (fromServer) network.configure();
    },
  });
  const surfaces = createSurfaceMounts({
    document,
    loadChunk: deps.loadChunk,
    availableSurfaces: deps.availableSurfaces,
    report,
    context: () => {
      const current = session?.current();
      return current ? { session: current, flowConfig: config.current(), events, nonce, host } : null;
    },
    generation: () => generation,
    onMounted: (unmount) => cleanups.push(unmount),
  });
  const network = createNetworkLogSettings({
    ready: () => Boolean(session?.ready()),
    flowConfig: config.current,
    send: (command, args) => surfaces.run("network-log", command, args),
  });
  const tooltips = createTooltipWatch({
    window,
    request,
    sdkKey: () => sdkKey,
    report,
    chunkLoaded: () => surfaces.has("tooltips"),
    runCommand: route,
  });
  const { host, methods: hostMethods } = createWidgetHost({
    window,
    report,
    sdkKey: () => sdkKey,
    session: () => session?.current() ?? null,
    flowConfig: config.current,
    language: () => language,
    aiTools: () => aiTools,
    isOpened: () => opened,
    unreadCount: () => unread,
    runCommand: route,
    networkEntries: () => surfaces.loaded("network-log")?.run?.("entries", []),
    request,
    endpoints,
    settings,
    logs,
    tracker,
    startedAt,
    sdkVersion,
  });

  /** The routing: a command goes to the surface that serves it (src/shared/widget-chunk-contract.ts). */
  function runCommand({ command, args, delaySeconds }: HostCommand): Promise<unknown> | undefined {
    const surface = surfaceOf[command];
    if (!surface || (mountedOnly.has(command) && !surfaces.has(surface))) return;
    const go = () =>
      surfaces
        .run(surface, command as SurfaceCommand, args)
        .catch((error) => report(`${command} failed`, error));
    if (!delaySeconds) return go();
    const timer = setTimeout(go, delaySeconds * 1000);
    cleanups.push(() => clearTimeout(timer));
  }

  function setUnread(count: number) {
    if (count === unread) return;
    unread = count;
    events.emit("unread-count-changed", unread);
  }

  function mountLauncher() {
    if (settings.options().showFeedbackButton && config.current().feedbackButtonPosition !== "BUTTON_NONE")
      void surfaces.run("launcher").catch((error) => report("the launcher is unavailable", error));
  }

  function boot() {
    const run = generation;
    const steps = bootWidget({
      document,
      stale: () => run !== generation,
      startCapture: () => cleanups.push(...logs.start()),
      startSession: () => {
        session = createSessionManager({
          sdkKey,
          request,
          storage,
          cookieJar: () => (useCookies ? document : null),
          lang: () => language,
          sdkVersion,
          onChange: (_next, previousId) => {
            tooltips.load();
            if (previousId === null) return;
            // A new visitor id: stream afresh and forget checklist state.
            tracker.restart();
            events.emit("checklist-update", null);
            realtime.reconnect();
          },
          onUpdate: (next) => events.emit("session-changed", next),
          report,
        });
        return session.start();
      },
      loadConfig: () => config.load(sdkKey, language),
      config: config.current,
      network,
      startReplay: () => route("startReplay", [replayOptions]),
      tracker,
      realtime,
      attachToPage: () => {
        mountLauncher();
        const page = attachPageHooks({
          window,
          storage,
          runCommand,
          showNotifications: () => void surfaces.run("notifications"),
          watchTooltips: tooltips.watch,
          shortcutsOn: () => shortcuts ?? config.current().enableShortcuts,
          adminAllowed: () => !adminDisabled,
          apiUrl,
        });
        cleanups.push(...page.cleanups);
        stopAdmin = page.stopAdmin;
      },
    });
    steps.then(
      (done) => {
        if (!done) return;
        booted = true;
        events.emit("initialized");
      },
      (error) => {
        if (run === generation) initialized = false;
        window.console.warn("Failed to initialize Gleap.", error);
      },
    );
  }

  /** Spec §5/§9: a silent crash report only with a ready session, and at most one every 10 seconds. */
  function crashReport(formData: Record<string, unknown>, priority = "MEDIUM", excludeData = {}) {
    if (!session?.ready() || Date.now() - lastCrashReport < crashReportGapMs) return;
    lastCrashReport = Date.now();
    const sent = surfaces.run("report", "crash", [formData, priority, excludeData]);
    return sent as Promise<FeedbackReportCreated | undefined>;
  }

  /** The host API methods that only hand their arguments to the surface serving them. */
  const routed = {} as Record<RoutedMethodName, (...args: unknown[]) => void>;
  for (const command of routedMethods)
    routed[command] = safeCall(report, command, (...args: unknown[]) => void route(command, args));

  const api = {
    ...routed,
    ...safeMethods(report, {
      ...settings.methods,
      ...network.methods,
      ...logs.methods,
      ...endpoints.methods,
      ...hostMethods,
      initialize(key: string, given: InitializeOptions | boolean = {}) {
        if (initialized) return window.console.warn("Gleap already initialized.");
        if (typeof key !== "string" || key.trim() === "")
          return report("initialize needs the project's SDK key");
        if (typeof given === "object" && given !== null) {
          if (given.requireCookieConsent === false) requireConsent = false;
          if (given.nonce) nonce = given.nonce;
        }
        sdkKey = key.trim();
        initialized = true;
        cleanups.push(whenConsented(document, requireConsent, boot));
      },
      identify(userId: string | number, data: ContactData = {}, userHash?: string) {
        if (!session?.ready())
          return Promise.reject({ status: 0, statusText: "Session not ready yet.", responseText: "" });
        return session.identify(String(userId), data, userHash);
      },
      updateContact: (data: ContactData) => session?.update(data),
      clearIdentity() {
        route("sessionCleared", []);
        return session?.clear();
      },
      trackEvent(name: string, data?: unknown) {
        if (typeof name === "string" && name !== "") tracker.track(name, data);
      },
      logEvent: (name: string, data?: unknown) => tracker.track(name, data),
      setLanguage(lang: string) {
        if (typeof lang !== "string" || lang === "") return;
        language = lang.toLowerCase();
        events.emit("language-changed", language);
        // Spec §7: re-initialise after a second, and tell the server the contact's language.
        const timer = setTimeout(() => {
          void config.load(sdkKey, language);
          void session?.update({ lang: language }).catch((error) => report("language update failed", error));
        }, 1000);
        cleanups.push(() => clearTimeout(timer));
      },
      setStyles(styles: Record<string, unknown>) {
        if (styles && typeof styles === "object") config.setStyles(styles);
      },
      showFeedbackButton(show: boolean) {
        settings.options().showFeedbackButton = show !== false;
        if (surfaces.has("launcher")) route("showFeedbackButton", [show !== false]);
        else if (session?.ready()) mountLauncher();
      },
      enableShortcuts(on: boolean) {
        shortcuts = on === true;
      },
      disableAdminMode() {
        adminDisabled = true;
        stopAdmin();
      },
      setDisablePageTracking: (off: boolean) => tracker.setPageTracking(off !== true),
      setAiTools(tools: unknown[]) {
        aiTools = Array.isArray(tools) ? tools : [];
        events.emit("config-changed", config.current());
        if (booted) mountLauncher();
      },
      setUseCookies(on: boolean) {
        useCookies = on === true;
      },
      setReplayOptions(given: Record<string, unknown>) {
        if (!given || typeof given !== "object") return;
        replayOptions = { ...replayOptions, ...given };
        route("setReplayOptions", [replayOptions]);
      },
      sendSilentCrashReport: (description = "", priority?: string, excludeData?: Record<string, boolean>) =>
        crashReport({ description, reportedBy: session?.current()?.email ?? "" }, priority, excludeData),
      sendSilentCrashReportWithFormData: (
        formData: Record<string, unknown> = {},
        priority?: string,
        excludeData?: Record<string, boolean>,
      ) => crashReport({ ...formData }, priority, excludeData),
      on(name: string, callback: Listener) {
        if (typeof callback === "function") events.on(name, callback);
      },
      off: (name: string, callback: Listener) => events.off(name, callback),
      destroy,
    }),
    getIdentity: () => session?.current() ?? null,
    isUserIdentified: () => Boolean(session?.current()?.userId),
    isOpened: () => opened,
    getInstance: () => api,
    getSession: (): WidgetSession | null => session?.current() ?? null,
    getNonce: () => nonce,
    getApiUrl: apiUrl,
    getUnreadCount: () => unread,
    getTooltips: tooltips.list,
  };

  function destroy() {
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
    surfaces.clear();
    session = null;
    initialized = false;
    opened = false;
    network.stop();
    booted = false;
    events.clear();
    followOpenState();
  }

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
