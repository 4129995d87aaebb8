import type {
  HostMethodName,
  RoutedMethodName,
  SurfaceCommand,
  WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import { bootWidget, whenConsented } from "./boot.ts";
import { mountedOnly, routedMethods, surfaceOf } from "./command-routes.ts";
import { createCrashReports } from "./crash-reports.ts";
import { createEndpoints } from "./endpoints.ts";
import { createEventBus } from "./event-bus.ts";
import { createEventTracker } from "./event-tracker.ts";
import type { GleapHostApi, GleapInitializeOptions } from "./host-api.ts";
import { createHostLogs } from "./host-logs.ts";
import { createHostSettings } from "./host-settings.ts";
import { createHttpClient } from "./http-client.ts";
import type { ChunkLoader } from "./lazy-chunk.ts";
import { localStorageOf } from "./local-storage.ts";
import { createNetworkLogSettings } from "./network-log-settings.ts";
import { createPageHooks } from "./page-hooks.ts";
import { createTooltipWatch } from "./page-tooltips.ts";
import { createRealtimeClient, type SocketClass } from "./realtime-client.ts";
import { dispatchRealtime } from "./realtime-dispatch.ts";
import { safeCall, safeMethods } from "./safe-call.ts";
import { createSurfaceMounts } from "./surface-mounts.ts";
import type { HostCommand } from "./url-actions.ts";
import { createVisitor } from "./visitor.ts";
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

type Listener = (data?: unknown) => void;

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
  let requireConsent = true;
  let initialized = false;
  let opened = false;
  let unread = 0;
  let generation = 0;
  let booted = false;
  const cleanups: Array<() => void> = [];

  const storage = localStorageOf(window);

  const route = (command: HostCommand["command"], args: unknown[]) => runCommand({ command, args });
  const logs = createHostLogs(
    window,
    () => opened,
    () => tracker,
  );
  const endpoints = createEndpoints(deps.apiUrl, () => config.messengerUrl());
  const apiUrl = endpoints.apiUrl;
  const request = createHttpClient(originalFetch, apiUrl, () => ({
    "Api-Token": sdkKey,
    ...visitor.headers(),
  }));
  const visitor = createVisitor({
    window,
    request,
    storage,
    language: () => config.language(),
    sdkVersion,
    report,
    onChange: (_next, previousId) => {
      tooltips.load();
      if (previousId === null) return;
      // A new visitor id: stream afresh and forget checklist state.
      tracker.restart();
      events.emit("checklist-update", null);
      realtime.reconnect();
    },
    onUpdate: (next) => events.emit("session-changed", next),
    onClear: () => route("sessionCleared", []),
  });
  const tracker = createEventTracker({
    send: (body) => request("POST", "/sessions/ping", body),
    canStream: () => Boolean(visitor.ready() && realtime.isOpen()),
    isOpened: () => opened,
    currentUrl: () => window.location.href,
    sdkVersion,
    startedAt,
  });
  const realtime = createRealtimeClient(
    () => endpoints.socketUrl(visitor.current(), sdkKey, sdkVersion),
    (message) => dispatchRealtime(message, { events, setUnread, runCommand: route }),
    deps.loadSocket,
    report,
  );
  const settings = createHostSettings({
    onBadgeOption: () => events.emit("unread-count-changed", unread),
    onReplayOptions: (options) => route("setReplayOptions", [options]),
  });
  const config = createWidgetConfig({
    storage,
    request,
    report,
    language: window.navigator.language || "en-us",
    onLanguage: (language, settled) => {
      if (!settled) events.emit("language-changed", language);
      else void visitor.update({ lang: language })?.catch((error) => report("language update failed", error));
    },
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
      const current = visitor.current();
      return current ? { session: current, flowConfig: config.current(), events, nonce, host } : null;
    },
    generation: () => generation,
    onMounted: (unmount) => cleanups.push(unmount),
  });
  const network = createNetworkLogSettings({
    ready: visitor.ready,
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
    session: visitor.current,
    flowConfig: config.current,
    language: config.language,
    onAiTools: () => {
      events.emit("config-changed", config.current());
      if (booted) mountLauncher();
    },
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

  const page = createPageHooks({
    window,
    storage,
    runCommand,
    showNotifications: () => void surfaces.run("notifications"),
    watchTooltips: tooltips.watch,
    shortcutsByConfig: () => config.current().enableShortcuts,
    apiUrl,
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
      startSession: () => visitor.start(sdkKey),
      loadConfig: () => config.load(sdkKey),
      config: config.current,
      network,
      startReplay: () => route("startReplay", [settings.replayOptions()]),
      tracker,
      realtime,
      attachToPage: () => {
        mountLauncher();
        cleanups.push(...page.attach());
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

  const crashReports = createCrashReports({
    ready: visitor.ready,
    email: () => visitor.current()?.email ?? "",
    send: (...args) => surfaces.run("report", "crash", args),
  });

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
      ...visitor.methods,
      ...crashReports,
      ...page.methods,
      initialize(key: string, given: GleapInitializeOptions | boolean = {}) {
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
      setLanguage: config.setLanguage,
      setStyles: config.setStyles,
      showFeedbackButton(show: boolean) {
        settings.options().showFeedbackButton = show !== false;
        if (surfaces.has("launcher")) route("showFeedbackButton", [show !== false]);
        else if (visitor.ready()) mountLauncher();
      },
      on(name: string, callback: Listener) {
        if (typeof callback === "function") events.on(name, callback);
      },
      off: (name: string, callback: Listener) => events.off(name, callback),
      destroy,
    }),
    ...visitor.readers,
    isOpened: () => opened,
    getInstance: () => api,
    getNonce: () => nonce,
    getApiUrl: apiUrl,
    getUnreadCount: () => unread,
    getTooltips: tooltips.list,
  };

  function destroy() {
    generation++;
    visitor.end();
    tracker.stop();
    realtime.close();
    config.stop();
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        cleanup();
      } catch (error) {
        report("unmount failed", error);
      }
    }
    surfaces.clear();
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

  // The contract names every method (src/shared/widget-chunk-contract.ts): each is defined here, and
  // a method added here without its name there fails to compile.
  const undeclared: Exclude<keyof typeof api, HostMethodName> extends never ? true : never = true;
  return undeclared && (api satisfies GleapHostApi & Record<HostMethodName, unknown>);
}

export type GleapApi = ReturnType<typeof createGleap>;
