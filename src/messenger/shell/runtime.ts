import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import type { MessengerHome } from "../../shared/messenger-home-api.ts";
import type { HostChannel } from "../frame-protocol.ts";
import { createMessengerStore, type MessengerState } from "../messenger-store.ts";
import { type ApiSession, createApiClient, type MessengerApi } from "./api-client.ts";
import { watchContentLanguage } from "./content-language.ts";
import { createNavigator } from "./navigator.ts";
import { createQueryCache } from "./query-cache.ts";
import { createRealtime, type RealtimeConnection } from "./realtime.ts";
import type { ScreenRegistry } from "./screen-registry.ts";
import { isBareSurvey, pageName, screenFromHostMessage } from "./screens.ts";
import type { ShellServices } from "./shell-context.tsx";
import { createUnread } from "./unread.ts";

export interface RuntimeOptions {
  channel: HostChannel;
  screens: ScreenRegistry;
  /** Test doubles; by default the real client and socket. */
  api?: MessengerApi;
  realtime?: RealtimeConnection;
  /** localStorage (what the visitor has seen) and sessionStorage (drafts); the window's by default. */
  storage?: Storage | null;
  sessionStorage?: Storage | null;
  /** Runs work that may wait until the first screen has painted (the socket). */
  idle?: (run: () => void) => void;
  /** The browser's language (`navigator.language` by default): the messenger's when nobody fixes one. */
  browserLanguage?: string;
}

export interface MessengerRuntime extends ShellServices {
  /** Every host message goes through here (the channel's listener). */
  receive(message: HostToMessengerMessage): void;
  /** The session the API is called with, or null before the host sent one. */
  session(): ApiSession | null;
  /** The language content and texts are shown in now (content-language.ts). */
  language(): string;
  /** Starts listening to the host (and says `ping`). Answers the stop. */
  start(): () => void;
}

/**
 * How old the home's answer may be when the widget opens and it is shown without fetching it again: an
 * answer of the last moments is what the server has now. The first open follows the frame's own fetch
 * by a few hundred milliseconds, and fetching and drawing the home again then held back the visitor's
 * first click.
 */
export const homeFreshOnOpenMs = 2_000;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The session the API is called with, once the host has sent one. */
function apiSessionOf(state: MessengerState): ApiSession | null {
  if (!state.apiUrl || !state.sdkKey || !state.session) return null;
  return {
    apiUrl: state.apiUrl,
    sdkKey: state.sdkKey,
    gleapId: text(state.session.gleapId),
    gleapHash: text(state.session.gleapHash),
  };
}

/**
 * Screens keep the visitor's unsent text in the frame's sessionStorage under this prefix (a flow's
 * draft); a cleared session (`clearIdentity`, a sign-out) removes it, so the next visitor of this
 * browser tab does not see it.
 */
export const visitorStoragePrefix = "gleap-messenger-";

function forgetVisitorDrafts(storage: Storage | null) {
  try {
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(visitorStoragePrefix)) storage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept there either.
  }
}

const sessionStorageOrNull = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const defaultIdle = (run: () => void) => {
  const idle = (globalThis as { requestIdleCallback?: (run: () => void, options?: object) => void })
    .requestIdleCallback;
  if (idle) idle(run, { timeout: 1500 });
  else setTimeout(run, 300);
};

/**
 * The frame app without its views: host messages become state (store) and navigation (navigator);
 * a new session resets the API cache and (re)opens the socket; every navigation is reported to the
 * host (`page-changed`) and starts fetching the new screen's data while its code loads.
 */
export function createRuntime(options: RuntimeOptions): MessengerRuntime {
  const { channel, screens } = options;
  const store = createMessengerStore();
  const navigator = createNavigator();
  const unread = createUnread(options.storage);
  const session = () => apiSessionOf(store.get());
  const language = watchContentLanguage(store, options.browserLanguage);
  const api = options.api ?? createApiClient(session, language.current);
  const queries = createQueryCache(() => api);
  const realtime = options.realtime ?? createRealtime();
  const idle = options.idle ?? defaultIdle;
  let sessionKey = "";

  const prefetchCurrent = () => {
    const { screen } = navigator.current();
    screens.preload(screen.name);
    if (!session()) return;
    const registration = screens.registration(screen.name) as {
      prefetch?: (screen: unknown) => string[];
    };
    for (const target of registration.prefetch?.(screen) ?? []) queries.prefetch(target);
  };

  const reportPage = () => {
    if (store.get().config === null) return;
    channel.send({ name: "page-changed", data: { name: pageName(navigator.current().screen) } });
  };

  let lastEntry = navigator.current().id;
  navigator.subscribe(() => {
    const entry = navigator.current();
    if (entry.id === lastEntry) return;
    lastEntry = entry.id;
    reportPage();
    prefetchCurrent();
    if (entry.screen.name === "news" || entry.screen.name === "news-article") unread.markNewsSeen();
  });

  realtime.subscribe("conversation-message", (push) => {
    if (typeof push?.unread === "number") unread.setMessages(push.unread);
    queries.invalidate("/messenger/home");
    queries.invalidate("/conversations");
  });

  /** The home answer carries the unread messages; any fetch of it updates the tab bar. */
  queries.subscribe("/messenger/home", () => {
    const state = queries.read<MessengerHome>("/messenger/home");
    if (state.status === "ready" && !state.refreshing) unread.setMessages(state.data.unreadMessages);
  });

  function onSession() {
    const current = session();
    const key = current ? JSON.stringify(current) : "";
    if (key === sessionKey) return;
    sessionKey = key;
    queries.clear();
    prefetchCurrent();
    // Once the request is on its way: the frame's first read of localStorage may wait for the browser.
    unread.forProject(current?.sdkKey ?? null);
    idle(() => realtime.connect(session()));
  }

  const runtime: MessengerRuntime = {
    api,
    queries,
    realtime,
    navigator,
    host: channel,
    store,
    unread,
    screens,
    session,
    language: language.current,
    receive(message) {
      const firstConfig = message.name === "config-update" && store.get().config === null;
      store.receive(message);
      const request = screenFromHostMessage(message);
      if (request) {
        navigator.openFromHost(request.screen, request.hideBackButton);
        return;
      }
      switch (message.name) {
        case "config-update":
          if (firstConfig) reportPage();
          // `setLanguage` (or a project's new fixed language): what shows is read again in it.
          if (language.changed()) {
            queries.clear();
            prefetchCurrent();
          }
          break;
        case "session-update":
          onSession();
          break;
        case "session-cleared":
          navigator.reset();
          forgetVisitorDrafts(
            options.sessionStorage === undefined ? sessionStorageOrNull() : options.sessionStorage,
          );
          onSession();
          break;
        case "unread-count-changed":
          // The host's count is the launcher badge's (notifications as well as messages): the home
          // answer says how many of them are messages.
          queries.revalidate("/messenger/home", 0);
          break;
        case "widget-status-update":
          // Opened again: what the home shows may have changed meanwhile (an answer on its way will do).
          if (message.data.isWidgetOpen) queries.revalidate("/messenger/home", homeFreshOnOpenMs);
          // A survey the host showed is not the messenger's place: closed (answered or not), the
          // next open is the messenger's home, not the survey's thank-you card again.
          else if (isBareSurvey(navigator.current().screen)) navigator.reset();
          break;
      }
    },
    start() {
      const stop = channel.start(runtime.receive);
      return () => {
        stop();
        realtime.connect(null);
      };
    },
  };
  return runtime;
}
