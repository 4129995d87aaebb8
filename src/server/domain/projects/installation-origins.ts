import { normaliseOrigin } from "./project-settings-repository.ts";

const maxOriginLength = 255;
const maxPageLength = 2048;

/** A tracked event as a ping carries it (`StreamedEvent`): a page view's data is `{page}`. */
interface PingEvent {
  name: string;
  data?: unknown;
}

/** The page of a `pageView` event (the SDK's and the reference client's `{page: location.href}`). */
function pageOf(event: PingEvent): string | null {
  if (event.name !== "pageView" || typeof event.data !== "object" || event.data === null) return null;
  const page = (event.data as { page?: unknown }).page;
  return typeof page === "string" && page.length <= maxPageLength ? page : null;
}

function originOfPage(page: string): string | null {
  try {
    return new URL(page).origin;
  } catch {
    return null;
  }
}

/**
 * The origin a ping proves it runs on: its `Origin` header, when a page view in the same ping is a page
 * of that very origin. A session start proves nothing (any client with the public SDK key may send any
 * `Origin`); a browser's widget sends the page it is on with its first ping, from that page's origin.
 * Null when the ping proves none.
 */
export function provenOrigin(originHeader: string | null, events: readonly PingEvent[]): string | null {
  if (originHeader === null || originHeader.length > maxOriginLength) return null;
  let origin: string | null | undefined;
  for (const event of events) {
    const page = pageOf(event);
    if (page === null) continue;
    // Only now: most pings carry no page view, and they cost no URL parsing.
    origin ??= normaliseOrigin(originHeader);
    if (origin === null) return null;
    if (originOfPage(page) === origin) return origin;
  }
  return null;
}

/** Whether the admin is told the origin is not among the project's allowed ones (none listed: all are). */
export function outsideAllowedOrigins(origin: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.length > 0 && !allowedOrigins.includes(origin);
}
