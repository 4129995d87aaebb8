import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import { consentCookieName, hasCookieConsent } from "./cookies.ts";
import type { createEventTracker } from "./event-tracker.ts";
import type { createNetworkLogSettings } from "./network-log-settings.ts";
import { nextTask } from "./next-task.ts";
import type { createRealtimeClient } from "./realtime-client.ts";

interface ConsentWait {
  document: Document;
  /** The host's `initialize(key, {requireCookieConsent})`; undefined: the project's setting decides. */
  required: boolean | undefined;
  /** The project's "Wait for cookie consent", from its config. */
  projectRequires: () => Promise<boolean>;
  /** Tells the host's developer once why nothing shows yet. */
  info: (message: string) => void;
  start: () => void;
}

/**
 * Runs `start` once consent allows it (spec §5): at once when the host or the project needs none or
 * the `agreedToCookiePolicy=true` cookie is there; else once the page sets that cookie, without a
 * reload. Until then the SDK collects nothing. Answers the cleanup of the wait.
 */
export function whenConsented(wait: ConsentWait): () => void {
  let poll: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const consented = () => hasCookieConsent(wait.document.cookie);
  const begin = () => {
    clearInterval(poll);
    if (!stopped) wait.start();
    stopped = true;
  };
  if (wait.required === false || consented()) begin();
  else
    void (wait.required === undefined ? wait.projectRequires() : Promise.resolve(true)).then((needed) => {
      if (!needed || stopped) return begin();
      wait.info(
        `Gleap: waiting for the cookie ${consentCookieName}=true (project setting "Wait for cookie consent")`,
      );
      // Reading the page's cookies is cheap; a short interval makes the start follow the consent at once.
      poll = setInterval(() => consented() && begin(), 250);
    });
  return () => {
    stopped = true;
    clearInterval(poll);
  };
}

interface BootSteps {
  document: Document;
  /** True once `destroy` ran after this boot began: every later step is skipped. */
  stale: () => boolean;
  startCapture: () => void;
  startSession: () => Promise<unknown>;
  /** Starts fetching the loader's late file, beside the session's request (loader/late-chunk.ts). */
  fetchLate: () => void;
  /** The config's load: the consent check's when there was one and no language was chosen since. */
  loadConfig: () => Promise<void>;
  /** A language was chosen since the config was asked for (setLanguage during the start). */
  configOutdated: () => boolean;
  config: () => FlowConfig;
  /** Session and config are there: the calls waiting for them may run. */
  configured: () => void;
  network: ReturnType<typeof createNetworkLogSettings>;
  startReplay: () => void;
  tracker: ReturnType<typeof createEventTracker>;
  realtime: ReturnType<typeof createRealtimeClient>;
  /** The page is ready: the launcher and the page hooks (with the late file's code). */
  attachToPage: () => Promise<void>;
}

/**
 * The start of the SDK (WIDGET-PROTOCOL steps 1–3), each part a short task of its own so the host's
 * main thread never sees one long one: logs, session, config, network log and replay as the config
 * asks, event streaming and the socket, then, once the page is parsed, what hooks into it. Answers
 * whether it ran to the end.
 */
export async function bootWidget(steps: BootSteps): Promise<boolean> {
  await nextTask();
  if (steps.stale()) return false;
  steps.startCapture();
  const session = steps.startSession();
  steps.fetchLate();
  // The config is the project's, for the language asked: it needs no session, so it is asked for
  // beside the session rather than after its answer (the reference client waits; a fresh visitor's
  // first content waited one more round trip, and for the tasks between, at 4× about 300 ms).
  const config = steps.loadConfig();
  config.catch(() => undefined); // awaited below; a session that fails first must not leave it unhandled
  await session;
  if (steps.stale()) return false;
  await config;
  if (steps.stale()) return false;
  // A language the host chose while the config was on its way: the start goes on with that language's
  // config, as it did when the config was asked for after the session.
  if (steps.configOutdated()) await steps.loadConfig();
  if (steps.stale()) return false;
  steps.configured();
  // Spec §4: network capture stays stopped until the config enables it (or the host starts it).
  const networkLogStarted =
    steps.config().enableNetworkLogs || steps.network.on() ? steps.network.start() : undefined;
  // The replay recorder is its own chunk, loaded only for projects that record replays.
  if (steps.config().enableWebReplays) steps.startReplay();
  await nextTask();
  if (steps.stale()) return false;
  // The first ping goes at once (tracker.start), before the socket is up: its answer carries the
  // content due on this page (a banner, a tour), so a fresh visitor's first content waits for no
  // socket. Sent after the config, beside the launcher's file: content answered earlier would have
  // its files and frames compete with the launcher's start.
  steps.tracker.track("sessionStarted");
  steps.tracker.start();
  steps.realtime.connect();
  const { document } = steps;
  if (document.readyState === "loading")
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  if (steps.stale()) return false;
  await steps.attachToPage();
  // What the config turned on runs before the host hears `initialized`: a request the page makes
  // then is in the network log. The chunk was asked for right after the config, so this rarely waits.
  await networkLogStarted;
  return !steps.stale();
}
