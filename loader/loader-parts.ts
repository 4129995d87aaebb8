import { storedReportsFlag } from "../src/shared/stored-reports-flag.ts";
import type {
  HostCommandName,
  ReportDelivery,
  WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import type { PingAnswer } from "../src/shared/widget-session-api.ts";
import { createCrashReports } from "./crash-reports.ts";
import { createEndpoints } from "./endpoints.ts";
import { createEventBus } from "./event-bus.ts";
import { createEventTracker } from "./event-tracker.ts";
import { createHostLogs } from "./host-logs.ts";
import { createHostSettings } from "./host-settings.ts";
import { createHttpClient } from "./http-client.ts";
import type { ChunkLoader } from "./lazy-chunk.ts";
import { localStorageOf } from "./local-storage.ts";
import { createNetworkLogSettings } from "./network-log-settings.ts";
import { createPageHooks } from "./page-hooks.ts";
import { createTooltipWatch } from "./page-tooltips.ts";
import { createReadyGate } from "./ready-gate.ts";
import { createRealtimeClient, type RealtimeMessage, type SocketClass } from "./realtime-client.ts";
import { dispatchRealtime } from "./realtime-dispatch.ts";
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

/** What the loader knows of itself between calls; the parts read it, `createGleap` changes it. */
export interface LoaderState {
  sdkKey: string;
  nonce: string | undefined;
  /** The host's `initialize(key, {requireCookieConsent})`; undefined: the project decides. */
  requireConsent: boolean | undefined;
  /** The config loaded to decide on consent, which the boot then uses rather than asking again. */
  configLoad?: Promise<void>;
  initialized: boolean;
  /** Whether the messenger is open (it says so on the event bus). */
  opened: boolean;
  unread: number;
  /** Bumped by `destroy`: work begun for an earlier generation stops. */
  generation: number;
  /** The boot has a session and the project's config: calls that need them may run. */
  configured: boolean;
  /** The boot ran to the end (the page hooks are attached). */
  booted: boolean;
  cleanups: Array<() => void>;
}

/** What the parts call back into: the routing and what follows it, which `createGleap` holds. */
export interface Router {
  runCommand(command: HostCommand): Promise<unknown> | undefined;
  isMounted(surface: WidgetChunkName): boolean;
  mountLauncher(): void;
  setUnread(count: number): void;
  /** A cached or fresh server config (`fromServer`), or a `setStyles`. */
  configChanged(config: FlowConfig, fromServer: boolean): void;
}

/** The services every part uses: events, HTTP, the visitor, config, logs, the socket. */
export function createServices(deps: GleapDeps, state: LoaderState, router: Router) {
  const { window } = deps;
  const report = (message: string, error?: unknown) => window.console.warn(`Gleap: ${message}`, error ?? "");
  const events = createEventBus(report);
  // Captured before network logging wraps `fetch`: the SDK's own calls stay out of the host's log.
  const originalFetch = window.fetch.bind(window);
  const startedAt = Date.now();
  const storage = localStorageOf(window);
  const route = (command: HostCommandName, args: unknown[]) => router.runCommand({ command, args });
  /** What the surfaces' parts run when a visitor's session starts. */
  const sessionStarts: Array<() => void> = [];

  const endpoints = createEndpoints(deps.apiUrl, () => config.messengerUrl());
  const request = createHttpClient(originalFetch, endpoints.apiUrl, () => ({
    "Api-Token": state.sdkKey,
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
      for (const start of sessionStarts) start();
      if (previousId === null) return;
      // A new visitor id: stream afresh and forget checklist state.
      tracker.restart();
      events.emit("checklist-update", null);
      realtime.reconnect();
    },
    onUpdate: (next) => {
      gate.check();
      events.emit("session-changed", next);
    },
    onClear: () => route("sessionCleared", []),
    whenReady: () => gate.wait(),
  });
  const gate = createReadyGate(() => state.configured && visitor.ready());
  const dispatch = (message: Partial<RealtimeMessage>) =>
    dispatchRealtime(message, { events, setUnread: router.setUnread, runCommand: route });
  const tracker = createEventTracker({
    send: (body) => request<PingAnswer>("POST", "/sessions/ping", body).then(dispatch),
    canStream: () => Boolean(visitor.ready() && realtime.isOpen()),
    isOpened: () => state.opened,
    currentUrl: () => window.location.href,
    sdkVersion,
    startedAt,
  });
  const socketUrl = () => endpoints.socketUrl(visitor.current(), state.sdkKey, sdkVersion);
  const realtime = createRealtimeClient(socketUrl, dispatch, deps.loadSocket, report);
  const config = createWidgetConfig({
    storage,
    request,
    report,
    language: window.navigator.language || "en-us",
    onLanguage: (language, settled) => {
      if (!settled) events.emit("language-changed", language);
      else void visitor.update({ lang: language })?.catch((error) => report("language update failed", error));
    },
    onChange: router.configChanged,
  });
  const tooltips = createTooltipWatch({
    window,
    request,
    sdkKey: () => state.sdkKey,
    report,
    chunkLoaded: () => router.isMounted("tooltips"),
    runCommand: route,
  });
  return {
    window,
    report,
    events,
    startedAt,
    storage,
    route,
    sessionStarts,
    endpoints,
    request,
    visitor,
    gate,
    tracker,
    realtime,
    config,
    tooltips,
    logs: createHostLogs(
      window,
      () => state.opened,
      () => tracker,
      endpoints.apiUrl,
    ),
    settings: createHostSettings({
      onBadgeOption: () => events.emit("unread-count-changed", state.unread),
      onReplayOptions: (options) => route("setReplayOptions", [options]),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The surfaces on the page and what reaches them: mounts, the facade they get, page hooks. */
export function createSurfaceParts(deps: GleapDeps, state: LoaderState, router: Router, services: Services) {
  const { window, report, events, visitor, config, route, settings } = services;
  const surfaces = createSurfaceMounts({
    document: window.document,
    loadChunk: deps.loadChunk,
    availableSurfaces: deps.availableSurfaces,
    report,
    context: () => {
      const session = visitor.current();
      return session ? { session, flowConfig: config.current(), events, nonce: state.nonce, host } : null;
    },
    generation: () => state.generation,
    whenReady: services.gate.wait,
    onMounted: (unmount) => state.cleanups.push(unmount),
  });
  const network = createNetworkLogSettings({
    ready: visitor.ready,
    flowConfig: config.current,
    send: (command, args) => surfaces.run("network-log", command, args),
  });
  const { host, methods: hostMethods } = createWidgetHost({
    window,
    report,
    sdkKey: () => state.sdkKey,
    session: visitor.current,
    flowConfig: config.current,
    language: config.language,
    onAiTools: () => {
      events.emit("config-changed", config.current());
      if (state.booted) router.mountLauncher();
    },
    isOpened: () => state.opened,
    unreadCount: () => state.unread,
    runCommand: route,
    // Undefined when the surface is out of reach (no session): the sender takes that for a failure.
    sendReport: (body) => surfaces.run("report", "send", [body]) as Promise<ReportDelivery>,
    networkEntries: () => surfaces.loaded("network-log")?.run?.("entries", []),
    request: services.request,
    endpoints: services.endpoints,
    settings,
    logs: services.logs,
    tracker: services.tracker,
    startedAt: services.startedAt,
    sdkVersion,
  });
  const page = createPageHooks({
    window,
    storage: services.storage,
    runCommand: router.runCommand,
    showNotifications: () => void surfaces.run("notifications"),
    watchTooltips: services.tooltips.watch,
    shortcutsByConfig: () => config.current().enableShortcuts,
    apiUrl: services.endpoints.apiUrl,
  });
  const crashReports = createCrashReports({
    email: () => visitor.current()?.email ?? "",
    send: (...args) => surfaces.run("report", "crash", args),
  });
  // Reports an earlier page view could not send wait in IndexedDB; only the flag is read here, so
  // the report chunk loads at a session's start only when there is something to send.
  services.sessionStarts.push(() => {
    if (services.storage?.getItem(storedReportsFlag(state.sdkKey))) route("sendStored", []);
  });
  return { surfaces, network, host, hostMethods, page, crashReports };
}
