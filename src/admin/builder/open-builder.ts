import {
  type adminToSite,
  type BuilderKind,
  type BuilderTokenRequest,
  type BuilderTokenResult,
  type SiteToAdminMessage,
  siteToAdmin,
} from "../../shared/builder-messages.ts";
import { builderWindowPrefix } from "../../shared/builder-window.ts";
import { frameMessageText, type MessageOf, parseFrameMessage } from "../../shared/frame-messages.ts";
import { api } from "../api/api-client.ts";
import { localeState } from "../i18n/locale-store.ts";

export interface OpenBuilderOptions {
  kind: BuilderKind;
  projectId: string;
  itemId: string;
  /** The page of the target site to start on (it must run the SDK). */
  url: string;
  /** Called when the builder saved the item, so an open editor can reload it. */
  onSaved?: () => void;
}

/** How often the admin looks whether the site's window was closed, to stop listening. */
const closedCheckMs = 2000;

/** A builder token is replaced this long before it runs out (and not reused closer to its end). */
export const builderTokenMarginMs = 60_000;

/**
 * The `load` message that starts the builder on the site (spec §7): the item, the platform API's base
 * and a builder token for the item. The site and its scripts see this message, so it never carries the
 * admin's access token: the builder token reads and saves this one item for 10 minutes, nothing else.
 */
export function builderInitText(
  options: Pick<OpenBuilderOptions, "kind" | "projectId" | "itemId">,
  builderToken: string,
  apiUrl: string,
  locale?: string,
): string {
  const message: MessageOf<typeof adminToSite> = {
    name: "load",
    type: "admin",
    data: {
      kind: options.kind,
      projectId: options.projectId,
      itemId: options.itemId,
      apiUrl,
      builderToken,
      ...(locale ? { locale } : {}),
    },
  };
  return frameMessageText(message);
}

/** The origin the admin may talk to: the target page's, or null for a URL that is not http(s). */
export function targetOrigin(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Asks the platform API for a builder token for the item (as the signed-in admin). */
export function requestBuilderToken(
  options: Pick<OpenBuilderOptions, "kind" | "projectId" | "itemId">,
): Promise<BuilderTokenResult> {
  const body: BuilderTokenRequest = { kind: options.kind, itemId: options.itemId };
  return api<BuilderTokenResult>(`/api/projects/${encodeURIComponent(options.projectId)}/builder-token`, {
    method: "POST",
    body,
  });
}

export interface BuilderSiteLink {
  /** Posts a message to the site's window, at its origin only. */
  post(text: string): void;
  /** The platform API's base, e.g. `https://admin.example.com/api`. */
  apiUrl: string;
  locale(): string | undefined;
  fetchToken(): Promise<BuilderTokenResult>;
  now?(): number;
  /** Runs `run` after `ms`; answers the cancel. */
  setTimer?(run: () => void, ms: number): () => void;
}

export interface BuilderAnswerer {
  /** Reads a message from the site: answers `init` with `load` (once it has a token), tells of `save`. */
  onSiteMessage(raw: unknown): SiteToAdminMessage | null;
  stop(): void;
}

const timeout = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

/**
 * The admin's side of one open builder. Every `init` of the site (each page load) is answered with a
 * `load` carrying a builder token (one for all answers while it has over a minute left, so a script
 * asking again and again gets the same token and costs no requests); a minute before the token runs
 * out the site gets a fresh `load` unasked, which the builder passes on to its frame. Signed out, or
 * when the server refuses the token, the site gets no answer.
 */
export function createBuilderAnswerer(options: OpenBuilderOptions, link: BuilderSiteLink): BuilderAnswerer {
  const now = link.now ?? Date.now;
  const setTimer = link.setTimer ?? timeout;
  let current: BuilderTokenResult | null = null;
  let pending: Promise<BuilderTokenResult | null> | null = null;
  let cancelRefresh: (() => void) | null = null;
  let stopped = false;

  const lasting = (token: BuilderTokenResult) => Date.parse(token.expiresAt) - now() > builderTokenMarginMs;

  function token(): Promise<BuilderTokenResult | null> {
    if (current && lasting(current)) return Promise.resolve(current);
    pending ??= link
      .fetchToken()
      .then(
        (fetched) => {
          current = fetched;
          return fetched;
        },
        () => null,
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  async function answer(): Promise<void> {
    const got = await token();
    if (!got || stopped) return;
    link.post(builderInitText(options, got.token, link.apiUrl, link.locale()));
    cancelRefresh?.();
    const delay = Math.max(0, Date.parse(got.expiresAt) - now() - builderTokenMarginMs);
    cancelRefresh = setTimer(() => {
      cancelRefresh = null;
      void answer();
    }, delay);
  }

  return {
    onSiteMessage(raw) {
      const message = parseFrameMessage(raw, siteToAdmin);
      if (stopped) return message;
      if (message?.name === "init") void answer();
      if (message?.name === "save") options.onSaved?.();
      return message;
    },
    stop() {
      stopped = true;
      cancelRefresh?.();
      cancelRefresh = null;
    },
  };
}

/**
 * Opens the target site in a new window and starts the builder there (spec §2 "Admin builder"). The
 * site's SDK announces itself with `init` on every page load (the admin may navigate to the page the
 * tour starts on); each time the admin answers `load` with a builder token, to that window's origin
 * only. The window keeps its `opener`: that is how the site's SDK reaches the admin. The token is
 * fetched after the window opened (a popup must open in the click itself). The window's name says it
 * is the builder's (src/shared/builder-window.ts), so the site shows it no visitor content.
 */
export function openBuilder(options: OpenBuilderOptions): void {
  const origin = targetOrigin(options.url, location.href);
  if (!origin) return;
  // A name of its own marks the window as the builder's on every page it loads (no visitor content);
  // random so two builders never share a window (not randomUUID: that needs a secure context).
  const site = window.open(options.url, `${builderWindowPrefix}-${Math.random().toString(36).slice(2)}`);
  if (!site) return;
  const answerer = createBuilderAnswerer(options, {
    post: (text) => {
      if (!site.closed) site.postMessage(text, origin);
    },
    apiUrl: `${location.origin}/api`,
    locale: () => localeState.locale,
    fetchToken: () => requestBuilderToken(options),
  });

  const onMessage = (event: MessageEvent) => {
    if (event.source !== site || event.origin !== origin) return;
    answerer.onSiteMessage(event.data);
  };
  window.addEventListener("message", onMessage);
  const watch = setInterval(() => {
    if (!site.closed) return;
    clearInterval(watch);
    answerer.stop();
    window.removeEventListener("message", onMessage);
  }, closedCheckMs);
}
