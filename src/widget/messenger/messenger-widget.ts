import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { acknowledgeOutbound, offeredOutboundId } from "../common/outbound-acknowledgement.ts";
import { type CaptureHooks, createCaptureHooks } from "./capture-hooks.ts";
import { createFrameChannel } from "./frame-channel.ts";
import { isSurveyMode, modeAfterPageChange } from "./frame-layout.ts";
import { handleFrameRequest } from "./frame-requests.ts";
import { configMessage, formDataMessage, prefillMessage, sessionMessage } from "./host-messages.ts";
import { createImageViewer } from "./image-viewer.ts";
import { createMessengerFrame } from "./messenger-frame.ts";
import { createVisibility } from "./messenger-visibility.ts";
import { createOutboxRequest } from "./outbox-request.ts";
import { createPingSound } from "./ping-sound.ts";
import { screenRequest } from "./screen-commands.ts";
import { createTimers } from "./widget-timers.ts";

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
  const timers = createTimers();

  const channel = createFrameChannel(view, (message, event) =>
    handleFrameRequest(message, {
      host,
      events,
      window: view,
      send,
      capture,
      onReady: () => onReady(event.timeStamp),
      hide: () => visibility.hide(),
      onPageChanged: (name) => frame.setMode(modeAfterPageChange(frame.mode(), name)),
      onHeight: (height) => frame.setHeight(height),
      showImage: (url) => viewer.show(url, isRightToLeft(host.language(), host.flowConfig())),
      playPing: () => sound.play(),
      onAppMessage: () => visibility.appAnswered(),
    }),
  );
  const frame = createMessengerFrame(context, channel, (url) => visibility.frameCreated(url));
  const visibility = createVisibility({ view, events, channel, frame, capture, viewer, timers, send });

  function send(message: HostToMessengerMessage, queue = false) {
    channel.send(message, { queue });
  }

  const sendConfig = () => send(configMessage(host));
  const sendSession = () => send(sessionMessage(host));

  const outbox = createOutboxRequest(view, timers, () => host.command("prepareReports"));

  /** `ping` (said at `pingAt`): push the config and the session, send what waited, and open 300 ms after it if asked to. */
  function onReady(pingAt: number) {
    outbox.afterPing();
    channel.setReady(true);
    sendConfig();
    sendSession();
    channel.flush();
    visibility.frameReady(pingAt);
  }

  /**
   * The survey the messenger shows as a takeover: it holds the takeover slot from its
   * request until the messenger hides, is acknowledged as shown when the messenger opens with it, and
   * as closed when the visitor hides it (the server completes it when the answers arrive).
   */
  let survey: { outboundId: string | null; shown: boolean } | null = null;

  function endSurvey() {
    const ended = survey;
    if (!ended) return;
    survey = null;
    host.takeover.release(ended);
    if (ended.shown) acknowledgeOutbound(host, ended.outboundId, "closed");
  }

  function runScreen(command: string, args: unknown[]): unknown {
    const offered = command === "showSurvey" ? offeredOutboundId(args[0]) : null;
    // An offered survey waits while another takeover shows, or while the visitor uses the messenger:
    // unacknowledged, the server offers it again later.
    if (offered && (host.takeover.busy() || visibility.shown())) return undefined;
    const request = screenRequest(command, args, view.location.href);
    if (!request) return command === "startChecklist" ? false : undefined;
    // Another screen takes the survey's place: it ends, though not by the visitor's hand.
    if (survey) host.takeover.release(survey);
    survey = null;
    if (isSurveyMode(request.mode)) {
      survey = { outboundId: offered, shown: false };
      host.takeover.take(survey);
    }
    frame.setMode(request.mode);
    if (request.message) send(request.message, true);
    if (request.show === "drawing") capture.autostartDrawing(() => visibility.show());
    else visibility.show();
    return command === "startChecklist" ? true : undefined;
  }

  const unsubscribe = [
    events.on("config-changed", () => {
      sendConfig();
      frame.applyLayout();
    }),
    events.on("language-changed", sendConfig),
    events.on("session-changed", sendSession),
    events.on("unread-count-changed", (count) => {
      if (typeof count === "number") send({ name: "unread-count-changed", data: count });
    }),
    events.on("open", () => {
      if (!survey || survey.shown) return;
      survey.shown = true;
      acknowledgeOutbound(host, survey.outboundId, "shown");
    }),
    events.on("close", endSurvey),
  ];

  return {
    run(command, args) {
      switch (command) {
        case "hide":
        case "close":
          return visibility.hide();
        case "toggle":
          if (visibility.shown()) return visibility.hide();
          return runScreen("open", []);
        case "preFillForm":
        case "setFormData": {
          // Queued like a screen request: a capture may finish before the frame has said `ping`.
          const message =
            command === "preFillForm" ? prefillMessage(args[0]) : formDataMessage(args[0], args[1]);
          if (message) send(message, true);
          return;
        }
        case "sessionCleared":
          // Not queued: a frame that is not ready yet gets the new session with its first `ping`.
          return send({ name: "session-cleared" });
        default:
          return runScreen(command, args);
      }
    },
    snapshotPosition: () => visibility.position(),
    destroy() {
      for (const stop of unsubscribe) stop();
      if (survey) host.takeover.release(survey);
      survey = null;
      timers.clearAll();
      outbox.cancel();
      viewer.close();
      channel.destroy();
      frame.remove();
      visibility.destroy();
    },
  };
}
