import { storedReportsFlag } from "../src/shared/stored-reports-flag.ts";
import type { HostCommandName, WidgetChunkName, WidgetHost } from "../src/shared/widget-chunk-contract.ts";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import type { PingAnswer } from "../src/shared/widget-session-api.ts";
import { createEndpoints } from "./endpoints.ts";
import { createEventBus } from "./event-bus.ts";
import { createEventTracker } from "./event-tracker.ts";
import { createHostHandlers } from "./host-handlers.ts";
import { createHostLogs } from "./host-logs.ts";
import { createHostSettings } from "./host-settings.ts";
import { createHttpClient } from "./http-client.ts";
import { lateMethods } from "./late-methods.ts";
import { type ChunkLoader, createLateFile, type LateModule } from "./lazy-chunk.ts";
import { localStorageOf } from "./local-storage.ts";
import { createNetworkLogSettings } from "./network-log-settings.ts";
import { createPageHooks } from "./page-hooks.ts";
import { createReadyGate } from "./ready-gate.ts";
import { createRealtimeClient, type RealtimeMessage, type SocketClass } from "./realtime-client.ts";
import type { ReportMethods } from "./report-methods.ts";
import { createSurfaceMounts } from "./surface-mounts.ts";
import { createTooltipList } from "./tooltip-list.ts";
import type { HostCommand } from "./url-actions.ts";
import { createVisitor } from "./visitor.ts";
import { createWidgetConfig } from "./widget-config.ts";

export const sdkVersion = "14.6.7";

export interface GleapDeps {
  window: Window & typeof globalThis;
  /** Default widget API base, derived from where the loader was served. */
  apiUrl: string;
  loadChunk: ChunkLoader;
  /** The socket client, a lazy file of its own (loader/socket-chunk.ts). */
  loadSocket: () => SocketClass | Promise<SocketClass>;
  /**
   * The loader's late file (loader/late-chunk.ts), fetched as the SDK starts: the surfaces' facade,
   * the page hooks, the handling of socket pushes. Every surface, page hook and push waits for it.
   */
  loadLate: () => Promise<LateModule>;
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
  /** The messenger's panel shows its placeholder while the frame loads (`messenger-opening`). */
  opening: boolean;
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
  const late = createLateFile(deps.loadLate);

  const endpoints = createEndpoints(deps.apiUrl);
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
    late: late.get,
  });
  const gate = createReadyGate(() => state.configured && visitor.ready());
  const dispatch = (message: Partial<RealtimeMessage>) =>
    void late
      .get()
      .then((loaded) =>
        loaded.dispatchRealtime(message, { events, setUnread: router.setUnread, runCommand: route }),
      )
      .catch((error) => report("a push could not be handled", error));
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
  const tooltips = createTooltipList({ request, sdkKey: () => state.sdkKey, report });
  return {
    window,
    report,
    events,
    startedAt,
    sdkVersion,
    storage,
    route,
    sessionStarts,
    late,
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
  const { window, report, events, visitor, config, route } = services;
  const handlers = createHostHandlers(() => {
    events.emit("config-changed", config.current());
    if (state.booted) router.mountLauncher();
  });
  // Made with the late file's code: what the host set for its reports (with the first call that
  // needs it), and the surfaces' facade and root (when the first surface is about to mount).
  let reportMethods: ReportMethods | undefined;
  const reporting = () =>
    services.late.get().then(
      (late) =>
        (reportMethods ??= late.createReportMethods({
          email: () => visitor.current()?.email ?? "",
          send: (...args) => surfaces.run("report", "crash", args),
        })),
    );
  let facade: { host: WidgetHost; late: LateModule } | undefined;
  const surfaces = createSurfaceMounts({
    document: window.document,
    loadChunk: deps.loadChunk,
    availableSurfaces: deps.availableSurfaces,
    report,
    context: () => {
      const session = visitor.current();
      return session && facade
        ? { session, flowConfig: config.current(), events, nonce: state.nonce, host: facade.host }
        : null;
    },
    generation: () => state.generation,
    whenReady: async () => {
      if (!(await services.gate.wait())) return false;
      const { parts } = await reporting();
      const late = await services.late.get();
      facade ??= {
        late,
        host: late.createWidgetHost({ services, state, surfaces, handlers, reportParts: parts }),
      };
      return true;
    },
    // Asked for only once `whenReady` said true: the facade is there.
    createRoot: (document) => (facade as { late: LateModule }).late.createWidgetRoot(document),
    onMounted: (unmount) => state.cleanups.push(unmount),
    startFrame: (surface, command, root) =>
      facade?.late.startSurfaceFrame(surface, command, root, facade.host, window),
  });
  const network = createNetworkLogSettings({
    ready: visitor.ready,
    flowConfig: config.current,
    send: (command, args) => surfaces.run("network-log", command, args),
  });
  const page = createPageHooks({
    window,
    storage: services.storage,
    runCommand: router.runCommand,
    showNotifications: () => void surfaces.run("notifications"),
    tooltips: services.tooltips,
    tooltipsLoaded: () => router.isMounted("tooltips"),
    shortcutsByConfig: () => config.current().enableShortcuts,
    apiUrl: services.endpoints.apiUrl,
    report,
    late: services.late,
  });
  // Reports an earlier page view could not send wait in IndexedDB; only the flag is read here, so
  // the report chunk loads at a session's start only when there is something to send.
  services.sessionStarts.push(() => {
    if (services.storage?.getItem(storedReportsFlag(state.sdkKey))) route("sendStored", []);
  });
  return {
    surfaces,
    network,
    hostMethods: handlers.methods,
    page,
    lateMethods: lateMethods(() => reporting().then((kept) => kept.methods), report),
  };
}
