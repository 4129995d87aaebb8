import type { HostToMessengerMessage, MessengerToHostMessage } from "../../shared/frame-messages.ts";
import type { InternalEventName, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import type { CaptureHooks } from "./capture-hooks.ts";
import { sendFeedback, ticketData } from "./feedback.ts";

/** What the frame's requests act on: the widget's own state and the page's helpers. */
export interface FrameRequestDeps extends Pick<WidgetChunkContext, "host" | "events"> {
  window: Window;
  send(message: HostToMessengerMessage): void;
  /** `ping`: the frame is ready. */
  onReady(): void;
  /** Any message but `ping`, which the frame's page says before its app runs: the app is there. */
  onAppMessage(): void;
  hide(): void;
  onPageChanged(pageName: string | undefined): void;
  onHeight(height: number): void;
  showImage(url: string): void;
  playPing(): void;
  capture: CaptureHooks;
}

/**
 * Events the SDK itself emits (the widget's state, the loader's live updates). A frame's `notify-event`
 * may not fake them: it would put the loader's and the launcher's idea of the widget out of step.
 */
const ownEvents = new Set<string>([
  "open",
  "close",
  "initialized",
  "config-changed",
  "session-changed",
  "language-changed",
] satisfies Array<InternalEventName | "open" | "close" | "initialized">);

/** Every message the messenger may send the host (spec §7), already checked for origin and shape. */
export function handleFrameRequest(message: MessengerToHostMessage, deps: FrameRequestDeps): void {
  if (message.name !== "ping") deps.onAppMessage();
  switch (message.name) {
    case "ping":
      deps.onReady();
      break;
    case "play-ping":
      deps.playPing();
      break;
    case "open-image":
      deps.showImage(message.data.url);
      break;
    case "page-changed":
      deps.onPageChanged(message.data?.name);
      break;
    case "collect-ticket-data":
      deps.send({ name: "collect-ticket-data", data: ticketData(deps.host, deps.window) });
      break;
    case "height-update":
      deps.onHeight(message.data);
      break;
    case "notify-event":
      if (!ownEvents.has(message.data.type)) deps.events.emit(message.data.type, message.data.data);
      break;
    case "cleanup-drawings":
      deps.capture.cleanupDrawings();
      break;
    case "open-url":
      deps.host.openUrl(message.data, message.newTab === true);
      break;
    case "run-custom-action":
      if (typeof message.data === "string")
        deps.host.triggerCustomAction(message.data, { shareToken: message.shareToken ?? undefined });
      break;
    case "close-widget":
      deps.hide();
      break;
    case "tool-execution":
      deps.events.emit("tool-execution", message.data);
      break;
    case "send-feedback":
      void sendFeedback(message, deps);
      break;
    case "start-screen-drawing":
      deps.capture.startDrawing(message.data ?? "screenshot");
      break;
  }
}
