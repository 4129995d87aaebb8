import type {
  HostMethodName,
  RoutedMethodName,
  SurfaceCommand,
  WidgetEvents,
} from "../src/shared/widget-chunk-contract.ts";
import { bootWidget, whenConsented } from "./boot.ts";
import { mountedOnly, routedMethods, surfaceOf } from "./command-routes.ts";
import type { GleapHostApi, GleapInitializeOptions } from "./host-api.ts";
import {
  createServices,
  createSurfaceParts,
  type GleapDeps,
  type LoaderState,
  type Router,
  type Services,
} from "./loader-parts.ts";
import { safeCall, safeMethods } from "./safe-call.ts";
import type { HostCommand } from "./url-actions.ts";

type Listener = (data?: unknown) => void;
type SurfaceParts = ReturnType<typeof createSurfaceParts>;

/**
 * The host API behind `window.Gleap`: a router from host calls to the lazy surfaces, plus what every
 * surface needs (session, config, logs; wired in loader-parts.ts). Every public method catches its own
 * failures: the widget never throws into the host page; problems are reported through the console
 * with a `Gleap:` prefix.
 */
export function createGleap(deps: GleapDeps) {
  const state: LoaderState = {
    sdkKey: "",
    nonce: deps.nonce,
    requireConsent: undefined,
    initialized: false,
    opened: false,
    opening: false,
    unread: 0,
    generation: 0,
    configured: false,
    booted: false,
    cleanups: [],
  };
  const router: Router = {
    /**
     * The routing: a command goes to the surface that serves it (src/shared/widget-chunk-contract.ts),
     * unless it is visitor content in the admin's builder window (loader/admin-mode.ts): the one place
     * every socket push, address, link and host call passes.
     */
    runCommand({ command, args, delaySeconds }: HostCommand) {
      const surface = surfaceOf[command];
      if (!surface || (mountedOnly.has(command) && !parts.surfaces.has(surface)) || parts.page.hides(command))
        return;
      const go = () =>
        parts.surfaces
          .run(surface, command as SurfaceCommand, args)
          .catch((error) => services.report(`${command} failed`, error));
      if (!delaySeconds) return go();
      const timer = setTimeout(go, delaySeconds * 1000);
      state.cleanups.push(() => clearTimeout(timer));
    },
    isMounted: (surface) => parts.surfaces.has(surface),
    mountLauncher() {
      const { showFeedbackButton } = services.settings.options();
      if (showFeedbackButton && services.config.current().feedbackButtonPosition !== "BUTTON_NONE")
        void parts.surfaces
          .run("launcher")
          .catch((error) => services.report("the launcher is unavailable", error));
    },
    setUnread(next) {
      // Spec §4: 0 while the widget is open. Content offered again meanwhile (not yet shown,
      // since the open messenger holds the notifications back) must not bring the badge back.
      const count = state.opened ? 0 : next;
      if (count === state.unread) return;
      state.unread = count;
      services.events.emit("unread-count-changed", count);
    },
    configChanged(config, fromServer) {
      services.events.emit("config-changed", config);
      if (state.booted) router.mountLauncher();
      // The project's network-log lists are part of its config; a style change leaves the log alone.
      if (fromServer) void parts.network.configure();
    },
  };
  const services = createServices(deps, state, router);
  const parts = createSurfaceParts(deps, state, router, services);
  const { events, visitor, config } = services;

  function boot() {
    const run = state.generation;
    const steps = bootWidget({
      document: deps.window.document,
      stale: () => run !== state.generation,
      startCapture: () => state.cleanups.push(...services.logs.start()),
      startSession: () => visitor.start(state.sdkKey),
      fetchLate: services.late.fetch,
      loadConfig: () => (!config.outdated() && state.configLoad) || config.load(state.sdkKey),
      configOutdated: config.outdated,
      config: config.current,
      configured: () => {
        state.configured = true;
        services.gate.check();
      },
      network: parts.network,
      startReplay: () => services.route("startReplay", [services.settings.replayOptions()]),
      tracker: services.tracker,
      realtime: services.realtime,
      attachToPage: async () => {
        router.mountLauncher();
        state.cleanups.push(...(await parts.page.attach(() => run !== state.generation)));
      },
    });
    steps.then(
      (done) => {
        if (!done) return;
        state.booted = true;
        events.emit("initialized");
      },
      (error) => {
        if (run === state.generation) state.initialized = false;
        deps.window.console.warn("Failed to initialize Gleap.", error);
      },
    );
  }

  function destroy() {
    state.generation++;
    Object.assign(state, { configured: false, configLoad: undefined, requireConsent: undefined });
    services.gate.clear();
    visitor.end();
    services.tracker.stop();
    services.realtime.close();
    config.stop();
    for (const cleanup of state.cleanups.splice(0).reverse()) {
      try {
        cleanup();
      } catch (error) {
        services.report("unmount failed", error);
      }
    }
    parts.surfaces.clear();
    Object.assign(state, { initialized: false, opened: false, opening: false, booted: false });
    parts.network.stop();
    events.clear();
    followOpenState(events, state, (count) => router.setUnread(count));
  }
  followOpenState(events, state, (count) => router.setUnread(count));

  return hostApi(state, services, parts, { boot, destroy, mountLauncher: router.mountLauncher });
}

/**
 * The messenger reports opening, open and close through the bus; the API's state follows it, and an
 * opened widget has shown the visitor what was unread (spec §4 "count reset to 0 when the widget is open").
 */
function followOpenState(events: WidgetEvents, state: LoaderState, setUnread: (count: number) => void) {
  events.on("messenger-opening", (opening) => {
    state.opening = opening === true;
  });
  events.on("open", () => {
    Object.assign(state, { opened: true, opening: false });
    setUnread(0);
  });
  events.on("close", () => {
    Object.assign(state, { opened: false, opening: false });
  });
}

/** The public API object: the routed methods, every part's methods, and the loader's own. */
function hostApi(
  state: LoaderState,
  services: Services,
  parts: SurfaceParts,
  lifecycle: { boot(): void; destroy(): void; mountLauncher(): void },
) {
  const { report, events, config, visitor, route, settings } = services;
  /** The host API methods that only hand their arguments to the surface serving them. */
  const routed = {} as Record<RoutedMethodName, (...args: unknown[]) => void>;
  for (const command of routedMethods)
    routed[command] = safeCall(report, command, (...args: unknown[]) => void route(command, args));

  const api = {
    ...routed,
    ...safeMethods(report, {
      ...settings.methods,
      ...parts.network.methods,
      ...services.logs.methods,
      ...services.endpoints.methods,
      ...parts.hostMethods,
      ...visitor.methods,
      ...parts.page.methods,
      initialize(key: string, given: GleapInitializeOptions | boolean = {}) {
        if (state.initialized) return services.window.console.warn("Gleap already initialized.");
        if (typeof key !== "string" || key.trim() === "")
          return report("initialize needs the project's SDK key");
        if (typeof given === "object" && given !== null) {
          if (typeof given.requireCookieConsent === "boolean")
            state.requireConsent = given.requireCookieConsent;
          if (given.nonce) state.nonce = given.nonce;
        }
        state.sdkKey = key.trim();
        state.initialized = true;
        state.cleanups.push(
          whenConsented({
            document: services.window.document,
            required: state.requireConsent,
            projectRequires: () => {
              state.configLoad = config.load(state.sdkKey, true);
              return state.configLoad.then(() => config.current().requireCookieConsent);
            },
            info: (message) => services.window.console.info(message),
            start: lifecycle.boot,
          }),
        );
      },
      setLanguage: config.setLanguage,
      setStyles: config.setStyles,
      showFeedbackButton(show: boolean) {
        settings.options().showFeedbackButton = show !== false;
        if (parts.surfaces.has("launcher")) route("showFeedbackButton", [show !== false]);
        else if (visitor.ready()) lifecycle.mountLauncher();
      },
      on(name: string, callback: Listener) {
        if (typeof callback === "function") events.on(name, callback);
      },
      off: (name: string, callback: Listener) => events.off(name, callback),
      destroy: lifecycle.destroy,
    }),
    ...visitor.readers,
    // Their own guard: a call runs once the late file is there, and reports its own failures.
    ...parts.lateMethods,
    // Not wrapped: the host awaits it and learns whether it ran. It throws nothing itself, and says
    // and handles its own refusals (visitor.ts), so one nobody awaits is no uncaught rejection.
    identify: visitor.methods.identify,
    isOpened: () => state.opened,
    getInstance: () => api,
    getNonce: () => state.nonce,
    getApiUrl: services.endpoints.apiUrl,
    getUnreadCount: () => state.unread,
    getTooltips: services.tooltips.list,
  };

  // The contract names every method (src/shared/widget-chunk-contract.ts): each is defined here, and
  // a method added here without its name there fails to compile.
  const undeclared: Exclude<keyof typeof api, HostMethodName> extends never ? true : never = true;
  return undeclared && (api satisfies GleapHostApi & Record<HostMethodName, unknown>);
}

export type GleapApi = ReturnType<typeof createGleap>;
