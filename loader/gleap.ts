import type { WidgetEventName } from "../src/shared/widget-chunk-contract.ts";
import { defaultFlowConfig } from "../src/shared/widget-flow-config.ts";
import type { WidgetSession } from "../src/shared/widget-session.ts";
import { createEventBus } from "./event-bus.ts";
import type { createChunkLoader } from "./lazy-chunk.ts";
import { startSession } from "./session-client.ts";
import { createWidgetRoot } from "./widget-root.ts";

export interface GleapDeps {
  window: Window & typeof globalThis;
  /** Default widget API base, derived from where the loader was served. */
  apiUrl: string;
  loadChunk: ReturnType<typeof createChunkLoader>;
}

export type GleapApi = ReturnType<typeof createGleap>;

/**
 * The host API behind `window.Gleap`. Every public method catches its own failures: the widget never
 * throws into the host page, it reports through the console with a `Gleap:` prefix.
 */
export function createGleap({ window, apiUrl: defaultApiUrl, loadChunk }: GleapDeps) {
  const report = (message: string, error?: unknown) => window.console.warn(`Gleap: ${message}`, error ?? "");
  const events = createEventBus(report);
  let apiUrl = defaultApiUrl;
  let initialized = false;
  let session: WidgetSession | null = null;
  let unmountLauncher: (() => void) | null = null;
  let widgetHost: HTMLElement | null = null;

  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();

  const domReady = () =>
    new Promise<void>((resolve) => {
      if (window.document.readyState !== "loading") resolve();
      else window.document.addEventListener("DOMContentLoaded", () => resolve(), { once: true });
    });

  // Bumped by destroy(): a start still awaiting the network must not mount anything afterwards.
  let generation = 0;

  /** Session first; without one the SDK is not initialized and may be initialized again. */
  async function start(sdkKey: string, run: number) {
    let started: WidgetSession;
    try {
      started = await startSession({
        apiUrl,
        sdkKey,
        lang: (window.navigator.language || "en-us").toLowerCase(),
        storage,
        fetch: window.fetch.bind(window),
      });
      await domReady();
    } catch (error) {
      if (run === generation) initialized = false;
      window.console.warn("Failed to initialize Gleap.", error);
      return;
    }
    if (run !== generation) return;
    session = started;
    events.emit("initialized");
    await showLauncher(started, run);
  }

  /** The launcher is a lazy chunk: if it cannot load, the SDK stays initialized without a button. */
  async function showLauncher(current: WidgetSession, run: number) {
    try {
      const launcher = await loadChunk("launcher");
      if (run !== generation) return;
      const { host, root } = createWidgetRoot(window.document);
      widgetHost = host;
      unmountLauncher = launcher.mount({ root, session: current, flowConfig: defaultFlowConfig, events });
    } catch (error) {
      report("the launcher is unavailable", error);
    }
  }

  return {
    initialize(sdkKey: string) {
      if (initialized) {
        window.console.warn("Gleap already initialized.");
        return;
      }
      if (typeof sdkKey !== "string" || sdkKey.trim() === "") {
        report("initialize needs the project's SDK key");
        return;
      }
      initialized = true;
      void start(sdkKey.trim(), generation);
    },
    setApiUrl(url: string) {
      if (typeof url === "string" && url !== "") apiUrl = url.replace(/\/+$/, "");
    },
    on(name: WidgetEventName, callback: (data?: unknown) => void) {
      if (typeof callback === "function") events.on(name, callback);
    },
    off(name: WidgetEventName, callback: (data?: unknown) => void) {
      events.off(name, callback);
    },
    getSession(): WidgetSession | null {
      return session;
    },
    destroy() {
      generation++;
      try {
        unmountLauncher?.();
      } catch (error) {
        report("unmount failed", error);
      }
      widgetHost?.remove();
      unmountLauncher = null;
      widgetHost = null;
      session = null;
      initialized = false;
      events.clear();
    },
  };
}
