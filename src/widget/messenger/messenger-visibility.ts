import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import type { CaptureHooks } from "./capture-hooks.ts";
import { watchFrameAnswer } from "./frame-answer-watch.ts";
import type { FrameChannel } from "./frame-channel.ts";
import type { FrameContainer } from "./frame-container.ts";
import type { WidgetMode } from "./frame-layout.ts";
import type { ImageViewer } from "./image-viewer.ts";
import type { MessengerFrame } from "./messenger-frame.ts";
import type { Timer, Timers } from "./widget-timers.ts";

/** Spec §9: the widget opens 300 ms after the frame's ping, and takes clicks 500 ms after opening. */
export const timing = { openAfterPingMs: 300, animateAfterOpenMs: 500, frameTimeoutMs: 15_000 };

/** The panel's modes, which show the brand-coloured placeholder while the frame loads. */
const hasPlaceholder = (mode: WidgetMode) => mode === "widget" || mode === "extended";

/**
 * What is left of the 300 ms after a `ping` the page heard at `pingAt` (`event.timeStamp`, on the clock
 * of `now`): one the loader kept while the messenger's chunk loaded (loader/messenger-frame-start.ts)
 * reaches the chunk later than the frame said it. A time that cannot be the ping's (none, or ahead of
 * `now`) leaves the whole 300 ms.
 */
export function openDelayAfterPing(pingAt: number | undefined, now: number, mode: WidgetMode): number {
  // Only the panel has the placeholder beneath its transparent frame: a survey shows nothing else, so
  // it keeps the whole 300 ms after its config and session to draw.
  const waited = pingAt !== undefined && pingAt > 0 && hasPlaceholder(mode) ? now - pingAt : 0;
  return waited > 0 ? Math.max(0, timing.openAfterPingMs - waited) : timing.openAfterPingMs;
}

export interface VisibilityDeps {
  view: Window;
  events: WidgetChunkContext["events"];
  channel: FrameChannel;
  frame: MessengerFrame;
  capture: CaptureHooks;
  viewer: ImageViewer;
  timers: Timers;
  send(message: HostToMessengerMessage): void;
}

/**
 * The panel's brand-coloured placeholder while the frame loads, shown or taken away unopened. What
 * floats above the page (the notification stack) keeps clear of the panel while it shows.
 */
function showPlaceholder(box: FrameContainer | null, events: VisibilityDeps["events"], shown: boolean) {
  box?.setLoading(shown);
  if (!shown) box?.clearPlaceholder();
  box?.setVisible(shown);
  events.emit("messenger-opening", shown);
}

/**
 * Whether the messenger is open (spec §4): an open asked for before the frame is ready shows the
 * placeholder and opens 300 ms after the frame's ping; opening remembers where the page was scrolled
 * and listens for Escape; hiding says so and gives the page its focus back.
 */
export function createVisibility(deps: VisibilityDeps) {
  const { view, events, channel, frame, viewer, timers } = deps;
  let opened = false;
  /** An open was asked for while the frame was not ready: it opens on the frame's ping. */
  let openPending = false;
  let position = { x: 0, y: 0 };
  let openTimer: Timer | null = null;
  let animateTimer: Timer | null = null;
  let appAnswered = () => {};

  const sendStatus = () => deps.send({ name: "widget-status-update", data: { isWidgetOpen: opened } });

  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented || viewer.isOpen()) return;
    hide();
  };

  function openNow() {
    const box = frame.ensure();
    openPending = false;
    channel.flush();
    box.setLoading(false);
    box.setVisible(true);
    if (opened) return;
    opened = true;
    position = { x: view.scrollX, y: view.scrollY };
    timers.cancel(animateTimer);
    animateTimer = timers.later(timing.animateAfterOpenMs, () => {
      animateTimer = null;
      if (opened) frame.container()?.setAnimated(true);
    });
    sendStatus();
    view.document.addEventListener("keydown", onEscape);
    events.emit("open");
  }

  /** Spec §4: hides (a survey embedded in the page excepted), says so, and gives the page its focus. */
  function hide() {
    if (frame.mode() === "survey_web") return;
    const wasShown = opened || openPending;
    openPending = false;
    timers.cancel(openTimer);
    timers.cancel(animateTimer);
    openTimer = animateTimer = null;
    deps.capture.widgetHidden();
    viewer.close();
    const container = frame.container();
    container?.setLoading(false);
    container?.setVisible(false);
    container?.setAnimated(false);
    opened = false;
    view.document.removeEventListener("keydown", onEscape);
    if (!wasShown) return;
    sendStatus();
    events.emit("close");
    view.focus?.();
  }

  return {
    opened: () => opened,
    /** Open, or about to open once the frame is ready. */
    shown: () => opened || openPending,
    /** Where the page was scrolled when the widget last opened. */
    position: () => position,
    openNow,
    hide,
    show() {
      const box = frame.ensure();
      // The button may have been shown or hidden since (`showFeedbackButton`): place the panel for it.
      frame.applyLayout();
      if (!channel.ready()) {
        openPending = true;
        // The panel shows its brand-coloured placeholder at once; a survey appears when it is ready.
        if (hasPlaceholder(frame.mode())) showPlaceholder(box, events, true);
        return;
      }
      openNow();
    },
    /** The frame's box was created: if its app never speaks, panel and placeholder go (frame-answer-watch.ts). */
    frameCreated(url: string) {
      appAnswered = watchFrameAnswer(timers, timing.frameTimeoutMs, () => {
        if (!opened && !openPending) return;
        console.warn(`Gleap: the messenger at ${url} did not answer`);
        if (opened) hide();
        openPending = false;
        showPlaceholder(frame.container(), events, false);
      });
    },
    /** The frame's app said something besides `ping`: it runs. */
    appAnswered: () => appAnswered(),
    /** `ping`, said at `pingAt` (config and session pushed): the status, and an open 300 ms after it. */
    frameReady(pingAt?: number) {
      if (opened) sendStatus();
      if (!openPending) return;
      timers.cancel(openTimer);
      openTimer = timers.later(openDelayAfterPing(pingAt, view.performance.now(), frame.mode()), () => {
        openTimer = null;
        if (openPending) openNow();
      });
    },
    destroy() {
      view.document.removeEventListener("keydown", onEscape);
      if (opened) {
        opened = false;
        events.emit("close");
      }
    },
  };
}
