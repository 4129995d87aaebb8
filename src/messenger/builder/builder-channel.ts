import {
  type BuilderToSiteMessage,
  type SiteToBuilderMessage,
  siteToBuilder,
} from "../../shared/builder-messages.ts";
import { frameMessageText, parseFrameMessage } from "../../shared/frame-messages.ts";

/**
 * The builder frame's line to the page that framed it (spec §7 "Admin messages", `type`
 * "tourbuilder"). The page hands this frame a builder token (one item, 10 minutes), so the rule is
 * stricter than the banner's: messages come only from `window.parent` at the origin of
 * `document.referrer` (the page that embedded it; without a referrer the frame cannot know its parent
 * and stays silent), and everything it says goes to that origin alone, never to `*`.
 */

/** A message without its `type` mark, which the channel adds. */
export type Unmarked<T> = T extends unknown ? Omit<T, "type"> : never;

export interface BuilderChannel {
  send(message: Unmarked<BuilderToSiteMessage>): void;
  /** Starts listening and announces the frame (`init`); answers the stop. */
  start(onMessage: (message: SiteToBuilderMessage) => void): () => void;
}

export function parentOrigin(referrer: string): string | null {
  try {
    const origin = new URL(referrer).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export function createBuilderChannel(view: Window = window): BuilderChannel {
  const origin = parentOrigin(view.document.referrer);
  const send = (message: Unmarked<BuilderToSiteMessage>) => {
    if (!origin || view.parent === view) return;
    const marked = { ...message, type: "tourbuilder" };
    try {
      view.parent.postMessage(frameMessageText(marked), origin);
    } catch {
      // A parent that went away: nothing to tell.
    }
  };
  return {
    send,
    start(onMessage) {
      const listener = (event: MessageEvent) => {
        if (!origin || event.source !== view.parent || event.origin !== origin) return;
        const message = parseFrameMessage(event.data, siteToBuilder);
        if (message) onMessage(message);
      };
      view.addEventListener("message", listener);
      send({ name: "init" });
      return () => view.removeEventListener("message", listener);
    },
  };
}
