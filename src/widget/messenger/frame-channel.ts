import {
  frameMessageText,
  fromFrame,
  type HostToMessengerMessage,
  type MessengerToHostMessage,
  messengerToHost,
  parseFrameMessage,
} from "../../shared/frame-messages.ts";

/**
 * The host's side of the messenger frame's window messages (spec §4, §5, §7).
 *
 * In: a message is used only when it comes from the frame's exact origin and from the frame's own
 * window (`fromFrame`), and parses as one of `messengerToHost` (a JSON string with a known name and
 * the right shape). Anything else (another origin, another window of that origin, non-JSON, an
 * unknown name, a wrong shape) is dropped without a word: a page hears many messages not meant for us.
 *
 * Out: JSON strings posted to the frame's exact origin, never `*`, so nothing reaches a frame that was
 * navigated elsewhere. Until the frame is ready (it said `ping`), a message asked to be queued waits;
 * others are dropped, as the reference does (status and live updates are re-sent on readiness).
 */
export interface FrameChannel {
  /**
   * Starts talking to this iframe (created with `url`); messages from any other are ignored. `earlier`:
   * what the frame posted before this channel listened (a frame the loader started), heard in order
   * as the current task ends, so that the caller has set up what a `ping` finds (an open it waits for).
   */
  attach(iframe: HTMLIFrameElement, url: string, earlier?: readonly MessageEvent[]): void;
  ready(): boolean;
  setReady(ready: boolean): void;
  send(message: HostToMessengerMessage, options?: { queue?: boolean }): void;
  /** Sends what was queued, in order. */
  flush(): void;
  /** How many messages wait for the frame (for tests and the debugger). */
  pending(): number;
  destroy(): void;
}

export function createFrameChannel(
  view: Window,
  /** `event`: the message's own event (its `timeStamp` says when the page heard it). */
  onMessage: (message: MessengerToHostMessage, event: MessageEvent) => void,
): FrameChannel {
  let frame: { iframe: HTMLIFrameElement; url: string; origin: string } | null = null;
  let isReady = false;
  let queue: HostToMessengerMessage[] = [];

  const listener = (event: MessageEvent) => {
    if (!frame) return;
    const frameWindow = frame.iframe.contentWindow;
    // A detached or not yet created frame has no window: nothing can come from it.
    if (!frameWindow || !fromFrame(event, frame.url, frameWindow)) return;
    const message = parseFrameMessage(event.data, messengerToHost);
    if (message) onMessage(message, event);
  };
  view.addEventListener("message", listener);

  function post(message: HostToMessengerMessage): boolean {
    const frameWindow = frame?.iframe.contentWindow;
    if (!frame || !frameWindow) return false;
    try {
      frameWindow.postMessage(frameMessageText(message), frame.origin);
    } catch {
      // Spec §8: a failed post to the frame is swallowed (a frame that went away, a closed window).
    }
    return true;
  }

  const channel: FrameChannel = {
    attach(iframe, url, earlier = []) {
      let origin: string;
      try {
        origin = new URL(url).origin;
      } catch {
        return;
      }
      frame = { iframe, url, origin };
      if (earlier.length > 0) queueMicrotask(() => earlier.forEach(listener));
    },
    ready: () => isReady,
    setReady(ready) {
      isReady = ready;
    },
    send(message, options = {}) {
      if (isReady && post(message)) return;
      if (options.queue) queue.push(message);
    },
    flush() {
      const waiting = queue;
      queue = [];
      for (const message of waiting) channel.send(message, { queue: true });
    },
    pending: () => queue.length,
    destroy() {
      view.removeEventListener("message", listener);
      frame = null;
      queue = [];
      isReady = false;
    },
  };
  return channel;
}
