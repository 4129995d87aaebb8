import {
  type adminToSite,
  type BuilderKind,
  type SiteToAdminMessage,
  siteToAdmin,
} from "../../shared/builder-messages.ts";
import { frameMessageText, type MessageOf, parseFrameMessage } from "../../shared/frame-messages.ts";
import { localeState } from "../i18n/locale-store.ts";
import { sessionState } from "../session/session-store.ts";

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

/**
 * The `load` message that starts the builder on the site (spec §7): the item, the platform API's base
 * and the admin's current access token, read when the site asks, so every page load gets a fresh one.
 */
export function builderInitText(
  options: Pick<OpenBuilderOptions, "kind" | "projectId" | "itemId">,
  accessToken: string,
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
      accessToken,
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

/**
 * What the admin answers a message from the opened site: `load` to its `init` (once signed in),
 * nothing to anything else. `save` tells the caller.
 */
export function answerSite(
  raw: unknown,
  options: OpenBuilderOptions,
  accessToken: string | null,
  apiUrl: string,
  locale?: string,
): { reply: string | null; message: SiteToAdminMessage | null } {
  const message = parseFrameMessage(raw, siteToAdmin);
  if (message?.name === "init" && accessToken) {
    return { reply: builderInitText(options, accessToken, apiUrl, locale), message };
  }
  return { reply: null, message };
}

/**
 * Opens the target site in a new window and starts the builder there (spec §2 "Admin builder"). The
 * site's SDK announces itself with `init` on every page load (the admin may navigate to the page the
 * tour starts on); each time the admin answers `load`, to that window's origin only, so the token never
 * reaches another site. The window keeps its `opener`: that is how the site's SDK reaches the admin.
 */
export function openBuilder(options: OpenBuilderOptions): void {
  const origin = targetOrigin(options.url, location.href);
  if (!origin) return;
  const site = window.open(options.url, "_blank");
  if (!site) return;
  const apiUrl = `${location.origin}/api`;

  const onMessage = (event: MessageEvent) => {
    if (event.source !== site || event.origin !== origin) return;
    const { reply, message } = answerSite(
      event.data,
      options,
      sessionState.accessToken,
      apiUrl,
      localeState.locale,
    );
    if (reply) site.postMessage(reply, origin);
    if (message?.name === "save") options.onSaved?.();
  };
  window.addEventListener("message", onMessage);
  const watch = setInterval(() => {
    if (!site.closed) return;
    clearInterval(watch);
    window.removeEventListener("message", onMessage);
  }, closedCheckMs);
}
