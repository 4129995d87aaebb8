/**
 * Admin mode (spec §2, §6, §7): a page the admin dashboard opened with `window.open` tells its opener
 * that the SDK is ready (`init`), and the dashboard answers `load` with what to build. Only that answer
 * loads the builder chunk, so a plain page view loads nothing for it; a page without an opener does
 * not even listen. The dashboard is the origin of the widget API (both live on the main origin), and
 * its message must come from the very window that opened this page. The message's shape is checked
 * by the builder chunk: the loader stays free of schemas.
 */

import { builderWindowPrefix } from "../src/shared/builder-window.ts";

/**
 * What a builder window never shows: the site's content for visitors, whether the socket
 * pushed it, the address asked for it or the page's own script called it. It would cover the builder's
 * bar and what the admin points at. The messenger, the launcher and tooltips stay.
 */
export const visitorContent =
  /^(show(Banner|Modal|Notification|Survey)|(start|resume)ProductTour|(start|open)Checklist|startCopilotTour)$/;

/** The window that opened this page, unless the host turned admin mode off before the SDK loaded. */
function adminOpener(window: Window): Window | null {
  // The reference's own switch, set by hosts before the SDK loads.
  return (window as { gleapAdminDisabled?: unknown }).gleapAdminDisabled === true
    ? null
    : (window.opener as Window | null);
}

/** A window the admin's builder opened: it carries the builder's name (src/shared/builder-window.ts). */
export const isBuilderWindow = (window: Window) =>
  Boolean(adminOpener(window)) && window.name.startsWith(builderWindowPrefix);

export interface AdminModeDeps {
  window: Window;
  /** The widget API's base URL; its origin is the admin dashboard's. */
  apiUrl(): string;
  /** Hands the dashboard's message (a JSON string) and its origin to the builder. */
  onLoad(message: string, adminOrigin: string): void;
}

/** Starts listening for the dashboard when this page has an opener; answers the stop. */
export function listenForAdmin({ window, apiUrl, onLoad }: AdminModeDeps): () => void {
  const opener = adminOpener(window);
  if (!opener) return () => {};
  let adminOrigin: string;
  try {
    adminOrigin = new URL(apiUrl()).origin;
  } catch {
    return () => {};
  }
  const onMessage = (event: MessageEvent) => {
    if (event.source !== opener || event.origin !== adminOrigin || typeof event.data !== "string") return;
    if (event.data.includes('"admin"')) onLoad(event.data, adminOrigin);
  };
  window.addEventListener("message", onMessage);
  try {
    opener.postMessage(JSON.stringify({ name: "init", type: "admin" }), adminOrigin);
  } catch {
    // An opener that went away cannot start the builder.
  }
  return () => window.removeEventListener("message", onMessage);
}
