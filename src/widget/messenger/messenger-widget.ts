import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import { frameSource } from "../../shared/frame-source.ts";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { projectIsRightToLeft } from "../../shared/widget-language.ts";
import { type CaptureHooks, createCaptureHooks } from "./capture-hooks.ts";
import { createFrameChannel } from "./frame-channel.ts";
import { createFrameContainer, type FrameContainer } from "./frame-container.ts";
import {
  containerVariantsFor,
  frameMaxHeight,
  modeAfterPageChange,
  type WidgetMode,
} from "./frame-layout.ts";
import { handleFrameRequest } from "./frame-requests.ts";
import { createImageViewer } from "./image-viewer.ts";
import { createPingSound } from "./ping-sound.ts";
import { screenRequest } from "./screen-commands.ts";

/** Spec §9: the widget opens 300 ms after the frame's ping, and takes clicks 500 ms after opening. */
export const timing = { openAfterPingMs: 300, animateAfterOpenMs: 500, frameTimeoutMs: 15_000 };

export interface MessengerWidget {
  run(command: string, args: unknown[]): unknown;
  /** Where the page was scrolled when the widget last opened (the capture editor's starting point). */
  snapshotPosition(): { x: number; y: number };
  destroy(): void;
}

/**
 * The messenger frame host: injects the frame on first open, keeps its mode and size, queues screen
 * requests until the frame is ready, opens and hides it, and answers what the frame asks (spec §2,
 * §4, §7). The frame itself is the messenger app on its own origin (src/messenger/).
 */
export function createMessengerWidget(context: WidgetChunkContext, view: Window = window): MessengerWidget {
  const { root, host, events } = context;
  const capture: CaptureHooks = createCaptureHooks(context);
  const viewer = createImageViewer(root);
  const sound = createPingSound(host);

  let container: FrameContainer | null = null;
  let mode: WidgetMode = "widget";
  let reportedHeight: number | null = null;
  let opened = false;
  /** An open was asked for while the frame was not ready: it opens on the frame's ping. */
  let openPending = false;
  let position = { x: 0, y: 0 };
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const cancel = (timer: ReturnType<typeof setTimeout> | null) => {
    if (timer === null) return;
    clearTimeout(timer);
    timers.delete(timer);
  };
  let openTimer: ReturnType<typeof setTimeout> | null = null;
  let animateTimer: ReturnType<typeof setTimeout> | null = null;
  let frameTimer: ReturnType<typeof setTimeout> | null = null;

  const channel = createFrameChannel(view, (message) =>
    handleFrameRequest(message, {
      host,
      events,
      window: view,
      send,
      capture,
      onReady,
      hide,
      onPageChanged: (name) => setMode(modeAfterPageChange(mode, name)),
      onHeight(height) {
        reportedHeight = height;
        container?.setMaxHeight(frameMaxHeight(mode, reportedHeight));
      },
      showImage: (url) => viewer.show(url, projectIsRightToLeft(host.flowConfig())),
      playPing: () => sound.play(),
    }),
  );

  function send(message: HostToMessengerMessage, queue = false) {
    channel.send(message, { queue });
  }

  function applyLayout() {
    if (!container) return;
    const config = host.flowConfig();
    container.layout(
      containerVariantsFor(mode, config, host.options().showFeedbackButton),
      config,
      projectIsRightToLeft(config),
    );
    container.setMaxHeight(frameMaxHeight(mode, reportedHeight));
  }

  function setMode(next: WidgetMode) {
    if (next !== mode) reportedHeight = null;
    mode = next;
    applyLayout();
  }

  function sendConfig() {
    send({
      name: "config-update",
      data: {
        config: host.flowConfig() as unknown as Record<string, unknown>,
        aiTools: host.aiTools(),
        overrideLanguage: host.language(),
      },
    });
  }

  function sendSession() {
    send({
      name: "session-update",
      data: {
        sessionData: host.session() as unknown as Record<string, unknown> | null,
        apiUrl: host.apiUrl(),
        sdkKey: host.sdkKey,
      },
    });
  }

  const sendStatus = () => send({ name: "widget-status-update", data: { isWidgetOpen: opened } });

  /** The frame is created on first use, from the frame URL the loader resolved at that moment. */
  function ensureFrame(): FrameContainer {
    if (container) return container;
    const url = host.frameUrls().messenger;
    container = createFrameContainer(root, frameSource(url, host.sdkKey));
    channel.attach(container.iframe, url);
    applyLayout();
    frameTimer = later(timing.frameTimeoutMs, () => {
      if (channel.ready() || !openPending) return;
      // The messenger's origin did not answer: take the placeholder away rather than leave it spinning.
      console.warn(`Gleap: the messenger at ${url} did not answer`);
      openPending = false;
      container?.setLoading(false);
      container?.setVisible(false);
    });
    return container;
  }

  /** `ping`: push the config and the session, send what waited, and open 300 ms later if asked to. */
  function onReady() {
    channel.setReady(true);
    cancel(frameTimer);
    frameTimer = null;
    sendConfig();
    sendSession();
    channel.flush();
    if (opened) sendStatus();
    if (!openPending) return;
    cancel(openTimer);
    openTimer = later(timing.openAfterPingMs, () => {
      openTimer = null;
      if (openPending) openNow();
    });
  }

  function show() {
    const frame = ensureFrame();
    // The button may have been shown or hidden since (`showFeedbackButton`): place the panel for it.
    applyLayout();
    if (!channel.ready()) {
      openPending = true;
      // The panel shows its brand-coloured placeholder at once; a survey appears when it is ready.
      if (mode === "widget" || mode === "extended") {
        frame.setLoading(true);
        frame.setVisible(true);
      }
      return;
    }
    openNow();
  }

  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented || viewer.isOpen()) return;
    hide();
  };

  function openNow() {
    const frame = ensureFrame();
    openPending = false;
    channel.flush();
    frame.setLoading(false);
    frame.setVisible(true);
    if (opened) return;
    opened = true;
    position = { x: view.scrollX, y: view.scrollY };
    cancel(animateTimer);
    animateTimer = later(timing.animateAfterOpenMs, () => {
      animateTimer = null;
      if (opened) container?.setAnimated(true);
    });
    sendStatus();
    view.document.addEventListener("keydown", onEscape);
    events.emit("open");
  }

  /** Spec §4: hides (a survey embedded in the page excepted), says so, and gives the page its focus. */
  function hide() {
    if (mode === "survey_web") return;
    const wasShown = opened || openPending;
    openPending = false;
    cancel(openTimer);
    cancel(animateTimer);
    openTimer = animateTimer = null;
    capture.widgetHidden();
    viewer.close();
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

  function runScreen(command: string, args: unknown[]): unknown {
    const request = screenRequest(command, args, view.location.href);
    if (!request) return command === "startChecklist" ? false : undefined;
    setMode(request.mode);
    if (request.message) send(request.message, true);
    if (request.show === "drawing") capture.autostartDrawing(show);
    else show();
    return command === "startChecklist" ? true : undefined;
  }

  const unsubscribe = [
    events.on("config-changed", () => {
      sendConfig();
      applyLayout();
    }),
    events.on("language-changed", sendConfig),
    events.on("session-changed", sendSession),
    events.on("unread-count-changed", (count) => {
      if (typeof count === "number") send({ name: "unread-count-changed", data: count });
    }),
  ];

  return {
    run(command, args) {
      switch (command) {
        case "hide":
        case "close":
          return hide();
        case "toggle":
          if (opened || openPending) return hide();
          return runScreen("open", []);
        case "preFillForm": {
          const [data] = args;
          const parsed = typeof data === "string" ? safeJson(data) : data;
          if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
            send({ name: "prefill-form-data", data: parsed as Record<string, unknown> }, true);
          return;
        }
        case "setFormData": {
          const [formKey, data] = args;
          // Queued like a screen request: a capture may finish before the frame has said `ping`.
          if (typeof formKey === "string") send({ name: "set-form-data", data: { formKey, data } }, true);
          return;
        }
        case "sessionCleared":
          // Not queued: a frame that is not ready yet gets the new session with its first `ping`.
          return send({ name: "session-cleared" });
        default:
          return runScreen(command, args);
      }
    },
    snapshotPosition: () => position,
    destroy() {
      for (const stop of unsubscribe) stop();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      view.document.removeEventListener("keydown", onEscape);
      viewer.close();
      channel.destroy();
      container?.remove();
      container = null;
      if (opened) {
        opened = false;
        events.emit("close");
      }
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
