import { jest } from "bun:test";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { HostToMessengerMessage, MessengerToHostMessage } from "../../shared/frame-messages.ts";
import type { MessengerHome } from "../../shared/messenger-home-api.ts";
import type { HostChannel } from "../frame-protocol.ts";
import { MessengerApp } from "../messenger-app.tsx";
import { createScreens } from "../screen-table.ts";
import { createRealtime } from "../shell/realtime.ts";
import { createRuntime, type MessengerRuntime } from "../shell/runtime.ts";
import { q, settle, waitFor } from "./dom-kit.ts";
import { type FakeApi, fakeApi, type Route } from "./fake-api.ts";

/** A home answer with nothing in it; tests add what they need. */
export const emptyHome = (overrides: Partial<MessengerHome> = {}): MessengerHome => ({
  flows: [],
  news: [],
  conversation: null,
  unreadMessages: 0,
  checklists: [],
  hasHelpCenter: false,
  hasFeatureRequests: false,
  ...overrides,
});

/** The moment `days` days before now, as the API writes dates (for "2 days ago" and the like). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** An in-memory Storage (localStorage and sessionStorage of a test). */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

export interface RenderOptions {
  routes?: Record<string, Route>;
  config?: Record<string, unknown>;
  session?: Record<string, unknown> | null;
  overrideLanguage?: string | null;
  /** false: render before the host has sent config and session. */
  connect?: boolean;
  storage?: Storage | null;
}

export interface Rendered {
  runtime: MessengerRuntime;
  api: FakeApi;
  /** What the frame sent the host, in order. */
  sent: MessengerToHostMessage[];
  container: HTMLElement;
  /** Delivers a host message (inside act). */
  host(message: HostToMessengerMessage): Promise<void>;
  unmount(): Promise<void>;
}

let mounted: Rendered[] = [];

/**
 * The messenger app as the frame runs it, with a fake API and a channel that records what the frame
 * says; by default the host has sent its config and a session (`demo`, gleapId `g-1`).
 */
export async function renderMessenger(options: RenderOptions = {}): Promise<Rendered> {
  const sent: MessengerToHostMessage[] = [];
  const channel: HostChannel = {
    send: (message) => void sent.push(message),
    start: () => () => {},
    origin: () => "http://localhost:3000",
  };
  let runtime: MessengerRuntime | null = null;
  const api = fakeApi(
    { "GET /messenger/home": emptyHome(), ...options.routes },
    () => runtime?.session() != null,
  );
  const realtime = createRealtime(async () => ({
    readyState: 0,
    send() {},
    close() {},
    reconnect() {},
    addEventListener() {},
  }));
  runtime = createRuntime({
    channel,
    screens: createScreens(),
    api,
    realtime,
    storage: options.storage === undefined ? memoryStorage() : options.storage,
    idle: (run) => run(),
  });
  const app = runtime;
  const container = document.createElement("div");
  document.body.append(container);
  const root: Root = createRoot(container);
  const host = async (message: HostToMessengerMessage) => {
    await act(async () => app.receive(message));
  };
  await act(async () => root.render(<MessengerApp runtime={app} />));
  if (options.connect !== false) {
    await host({
      name: "config-update",
      data: {
        config: options.config ?? {},
        aiTools: [],
        overrideLanguage: options.overrideLanguage === undefined ? "en" : options.overrideLanguage,
      },
    });
    await host({
      name: "session-update",
      data: {
        sessionData:
          options.session === undefined
            ? { gleapId: "g-1", gleapHash: "h-1", name: "", email: "" }
            : options.session,
        apiUrl: "http://localhost:3000/api/widget",
        sdkKey: "demo",
      },
    });
    await settle();
  }
  const rendered: Rendered = {
    runtime: app,
    api,
    sent,
    container,
    host,
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
      mounted = mounted.filter((item) => item !== rendered);
    },
  };
  mounted.push(rendered);
  return rendered;
}

/**
 * Unmounts whatever a test left mounted (call in afterEach). A test that ran on a fake clock may have
 * failed before it put the real one back, so the clock is put back first, before anything unmounts.
 */
export async function cleanup() {
  jest.useRealTimers();
  for (const rendered of [...mounted]) await rendered.unmount();
  document.documentElement.dir = "";
  document.documentElement.lang = "";
  window.sessionStorage.clear();
}

export const pages = (sent: MessengerToHostMessage[]) =>
  sent.filter((message) => message.name === "page-changed").map((message) => message.data?.name);

/** The title a list screen's empty state shows, once it shows. */
export async function emptyStateTitle(root: ParentNode) {
  await waitFor(() => q(root, "[data-testid=empty-state]"));
  return q(root, ".state-title")?.textContent;
}

/** The name of the screen the frame shows. */
export const screenOf = (root: ParentNode) => q(root, "[data-testid=frame-app]")?.dataset.screen;
