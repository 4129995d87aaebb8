import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import { hasCookieConsent } from "./cookies.ts";
import type { createEventTracker } from "./event-tracker.ts";
import type { createNetworkLogSettings } from "./network-log-settings.ts";
import { nextTask } from "./next-task.ts";
import type { createRealtimeClient } from "./realtime-client.ts";

/**
 * Runs `start` once the host's consent cookie says yes (spec §5), at once when no consent is needed:
 * until then the SDK collects nothing. Answers the cleanup of the wait.
 */
export function whenConsented(document: Document, required: boolean, start: () => void): () => void {
  if (!required || hasCookieConsent(document.cookie)) {
    start();
    return () => {};
  }
  const poll = setInterval(() => {
    if (!hasCookieConsent(document.cookie)) return;
    clearInterval(poll);
    start();
  }, 1000);
  return () => clearInterval(poll);
}

interface BootSteps {
  document: Document;
  /** True once `destroy` ran after this boot began: every later step is skipped. */
  stale: () => boolean;
  startCapture: () => void;
  startSession: () => Promise<unknown>;
  loadConfig: () => Promise<void>;
  config: () => FlowConfig;
  /** Session and config are there: the calls waiting for them may run. */
  configured: () => void;
  network: ReturnType<typeof createNetworkLogSettings>;
  startReplay: () => void;
  tracker: ReturnType<typeof createEventTracker>;
  realtime: ReturnType<typeof createRealtimeClient>;
  /** The page is ready: the launcher and the page hooks. */
  attachToPage: () => void;
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
  await steps.startSession();
  if (steps.stale()) return false;
  await steps.loadConfig();
  if (steps.stale()) return false;
  steps.configured();
  // Spec §4: network capture stays stopped until the config enables it (or the host starts it).
  if (steps.config().enableNetworkLogs || steps.network.on()) steps.network.start();
  // The replay recorder is its own chunk, loaded only for projects that record replays.
  if (steps.config().enableWebReplays) steps.startReplay();
  await nextTask();
  if (steps.stale()) return false;
  steps.tracker.start();
  steps.tracker.track("sessionStarted");
  steps.realtime.connect();
  const { document } = steps;
  await new Promise<void>((resolve) => {
    if (document.readyState !== "loading") resolve();
    else document.addEventListener("DOMContentLoaded", () => resolve(), { once: true });
  });
  if (steps.stale()) return false;
  steps.attachToPage();
  return true;
}
