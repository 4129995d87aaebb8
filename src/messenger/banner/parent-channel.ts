import { takeFrameInbox } from "../../shared/frame-inbox.ts";
import { frameMessageText, type MessageOf, parseFrameMessage } from "../../shared/frame-messages.ts";

/**
 * The banner's and the modal's line to the host page that framed them (spec §7 "Banner and modal
 * frames"). Every message goes out as a JSON string marked with the frame's `type` ("BANNER" or
 * "MODAL"), and comes in only when it parses into one of the host's shapes.
 *
 * Which origin is the parent? The frame cannot know it in advance: any site a project allows may embed
 * it (the server's `frame-ancestors` says which), and a cross-origin parent's location is not readable.
 * So:
 * - The first guess is `document.referrer`'s origin: the browser sets it to the embedding page (the
 *   default Referrer-Policy, strict-origin-when-cross-origin, keeps at least the origin). The
 *   `…-loaded` announcement goes there; when a host's policy sends no referrer, it goes to `*`, which is
 *   harmless because it carries nothing but its name.
 * - Messages are taken only from `window.parent`, and, while a referrer origin is known, only from that
 *   origin. The first valid host message pins its origin: from then on every message in either
 *   direction must be at exactly that origin, and everything the frame says (heights, the visitor's
 *   clicks) is posted to it alone, never to `*`.
 */

export type FrameSchemas = Parameters<typeof parseFrameMessage>[1];

export interface ParentChannel<T extends FrameSchemas> {
  /** Posts a message to the parent; before an origin is pinned only the announcement may go out. */
  send(message: { name: string; data?: unknown; newTab?: boolean }): void;
  /**
   * Starts listening and announces the frame (`banner-loaded` / `modal-loaded`), unless the page's
   * inline script already did (frame-inbox.ts): what the host sent since is handled first, in this
   * call. Answers the stop.
   */
  start(onMessage: (message: MessageOf<T>) => void): () => void;
  /** The pinned parent origin, once the host has spoken. */
  origin(): string | null;
}

function referrerOrigin(referrer: string): string | null {
  try {
    const origin = new URL(referrer).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export function createParentChannel<T extends FrameSchemas>(options: {
  frameType: "BANNER" | "MODAL";
  loadedName: string;
  schemas: T;
  window?: Window;
}): ParentChannel<T> {
  const view = options.window ?? window;
  const expected = referrerOrigin(view.document.referrer);
  let pinned: string | null = null;

  const post = (message: { name: string }, target: string) => {
    if (view.parent === view) return;
    try {
      const marked = { ...message, type: options.frameType };
      view.parent.postMessage(frameMessageText(marked), target);
    } catch {
      // A parent that went away: nothing to tell.
    }
  };

  return {
    send(message) {
      if (pinned) post(message, pinned);
      else if (message.name === options.loadedName) post(message, expected ?? "*");
    },
    start(onMessage) {
      const listener = (event: MessageEvent) => {
        if (event.source !== view.parent || view.parent === view) return;
        const required = pinned ?? expected;
        if (required !== null && event.origin !== required) return;
        const message = parseFrameMessage(event.data, options.schemas);
        if (!message) return;
        pinned ??= event.origin;
        onMessage(message);
      };
      // In one task: the page script's listener stops as this one starts, so nothing is lost or doubled.
      view.addEventListener("message", listener);
      const inbox = takeFrameInbox(view);
      for (const event of inbox.events) listener(event);
      if (!inbox.announced) post({ name: options.loadedName }, expected ?? "*");
      return () => view.removeEventListener("message", listener);
    },
    origin: () => pinned,
  };
}
