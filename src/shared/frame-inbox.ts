/**
 * The frames announce themselves to the host before their app has loaded. Their page runs
 * `installFrameInbox` as an inline script while the HTML is parsed: it posts the announcement at once
 * (the banner's and the modal's `…-loaded`, the messenger's `ping`) and keeps the host's messages (the
 * `…-data` answer; the messenger's config, session and queued screen) until the app's channel listens
 * (`takeFrameInbox`, parent-channel.ts and frame-protocol.ts), which checks them as it checks every
 * message.
 *
 * Without it, the announcement waited for the app's modules to be evaluated (about a quarter to half
 * a second of a slow phone's main thread), and only then did the host's answer set off; the messenger
 * opens 300 ms after its `ping` (spec §9), so that wait was the visitor's too.
 */

/** What the inline script leaves for the app. */
export interface FrameInbox {
  /**
   * Whether the announcement was posted: the page is framed and `postMessage` did not throw (a post
   * to an origin the parent is not at is dropped silently, as the channel's would be).
   */
  announced: boolean;
  /** The parent's messages that came before the app listened, oldest first. */
  events: MessageEvent[];
  /** Stops the script's listener: from then on the app's own listener takes the messages. */
  stop(): void;
}

type InboxWindow = Window & { __gleamFrameInbox?: FrameInbox };

/**
 * Runs in the page, serialized by {@link frameInboxScript}: it may use nothing from outside its own
 * body. Its announcement goes to the referrer's origin, or to `*` without one, as the channel's does
 * (parent-channel.ts): it carries nothing but the frame's name.
 */
export function installFrameInbox(view: InboxWindow, announcement: string): void {
  const events: MessageEvent[] = [];
  const listener = (event: MessageEvent) => {
    if (event.source === view.parent) events.push(event);
  };
  view.addEventListener("message", listener);
  const inbox: FrameInbox = {
    announced: false,
    events,
    stop: () => view.removeEventListener("message", listener),
  };
  view.__gleamFrameInbox = inbox;
  if (view.parent === view) return;
  let target = "*";
  try {
    const origin = new URL(view.document.referrer).origin;
    if (origin !== "null") target = origin;
  } catch {
    // No referrer (the host's policy sends none): `*`.
  }
  try {
    view.parent.postMessage(announcement, target);
    inbox.announced = true;
  } catch {
    // A parent that went away: the app's channel announces instead.
  }
}

/** The page's inline script for a frame whose announcement is `announcement` (a frame message's text). */
export function frameInboxScript(announcement: string): string {
  // `<` escaped, so that nothing in the text can close the script element.
  return `(${installFrameInbox.toString()})(window, ${JSON.stringify(announcement).replace(/</g, "\\u003c")});`;
}

/**
 * The inbox the page's script kept, taken once: its listener stops, and a later call (or a page
 * without the script) answers an empty one that did not announce.
 */
export function takeFrameInbox(view: Window): Pick<FrameInbox, "announced" | "events"> {
  const page = view as InboxWindow;
  const inbox = page.__gleamFrameInbox;
  if (!inbox) return { announced: false, events: [] };
  inbox.stop();
  page.__gleamFrameInbox = undefined;
  return inbox;
}
