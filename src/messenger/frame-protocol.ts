import { takeFrameInbox } from "../shared/frame-inbox.ts";
import {
  frameMessageText,
  type HostToMessengerMessage,
  hostToMessenger,
  type MessengerToHostMessage,
  parseFrameMessage,
} from "../shared/frame-messages.ts";
import { frameKeyOf } from "../shared/frame-source.ts";
import { type CheckHost, createHostBinding } from "./host-binding.ts";
import { requestHostCheck } from "./shell/host-check-request.ts";

/**
 * The messenger frame's line to the host page that embeds it (spec §7 "Window messages",
 * WIDGET-PROTOCOL "The frame side"). Messages travel as JSON strings; what comes in is used only when
 * it parses as one of `hostToMessenger`.
 *
 * Which origin is the host? The frame cannot know it in advance: any site a project allows may embed
 * it (the server's `frame-ancestors` says which), and a cross-origin parent's address is not readable.
 * So:
 * - The first guess is `document.referrer`'s origin: the browser sets it to the embedding page (the
 *   default Referrer-Policy, strict-origin-when-cross-origin, keeps at least the origin). Where a host's
 *   policy sends no referrer, Chromium and Safari still name the parent in `location.ancestorOrigins`.
 * - `ping` goes to that origin. Only when neither names it does it go to `*`: it carries nothing but
 *   its name, and whoever framed us learns nothing from it. The page's inline script says it while
 *   the HTML is parsed (frame-inbox.ts: to the referrer's origin, else to `*`) and keeps the host's
 *   answers until `start` takes them, checked as every message is; the channel says it only where
 *   that script could not.
 * - Messages are taken only from `window.parent`, and, while an origin is known, only from it. The
 *   first valid host message pins its origin: from then on every message in either direction must be
 *   at exactly that origin. Everything the frame says besides `ping` (the visitor's feedback, links,
 *   closing) is posted to the known origin only, never to `*`; said before any origin is known, it
 *   waits for the pin.
 * - Which project's session the frame takes is host-binding.ts's to say: a frame opened for a project
 *   (`?sdkKey=`) takes that project's only; a frame opened without one binds to the project of the
 *   host's first `session-update`, once the server has said the host's origin may show it.
 */
export interface HostChannel {
  send(message: MessengerToHostMessage): void;
  /** Starts listening and says `ping` (unless the page's script said it). Answers the stop. */
  start(onMessage: (message: HostToMessengerMessage) => void): () => void;
  /** The host's origin once it has spoken (or the referrer's guess before). */
  origin(): string | null;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** The parent's origin as far as the browser tells a cross-origin frame. */
export function expectedHostOrigin(view: Window): string | null {
  return originOf(view.document.referrer) ?? originOf(view.location.ancestorOrigins?.[0]);
}

export function createHostChannel(
  view: Window = window,
  { checkHost = requestHostCheck }: { checkHost?: CheckHost } = {},
): HostChannel {
  const expected = expectedHostOrigin(view);
  const frameKey = frameKeyOf(view.location.search ?? "");
  let pinned: string | null = null;
  let waiting: MessengerToHostMessage[] = [];
  const framed = () => view.parent !== view;

  const post = (message: MessengerToHostMessage, target: string) => {
    try {
      view.parent.postMessage(frameMessageText(message), target);
    } catch {
      // A host that went away: nothing to tell.
    }
  };

  const channel: HostChannel = {
    send(message) {
      if (!framed()) return;
      const target = pinned ?? expected;
      if (target) post(message, target);
      else if (message.name === "ping") post(message, "*");
      else waiting.push(message);
    },
    start(onMessage) {
      let listening = true;
      // A check answered after the stop delivers nothing.
      const deliver = (message: HostToMessengerMessage) => listening && onMessage(message);
      const binding = createHostBinding({ frameKey, checkHost, deliver });
      const listener = (event: MessageEvent) => {
        if (!framed() || event.source !== view.parent) return;
        const required = pinned ?? expected;
        if (required !== null && event.origin !== required) return;
        const message = parseFrameMessage(event.data, hostToMessenger);
        if (!message) return;
        if (pinned === null) {
          pinned = event.origin;
          const held = waiting;
          waiting = [];
          for (const early of held) post(early, pinned);
        }
        binding.admit(message, event.origin);
      };
      // In one task: the page script's listener stops as this one starts, so nothing is lost or doubled.
      view.addEventListener("message", listener);
      const inbox = takeFrameInbox(view);
      for (const event of inbox.events) listener(event);
      if (!inbox.announced) channel.send({ name: "ping" });
      return () => {
        listening = false;
        view.removeEventListener("message", listener);
      };
    },
    origin: () => pinned ?? expected,
  };
  return channel;
}
