import type { HostToMessengerMessage, MessengerToHostMessage } from "../../shared/frame-messages.ts";
import type { WidgetEvents, WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { buildReport } from "../report/build-report.ts";
import { collectMetadata, type MetadataWindow } from "../report/session-metadata.ts";

/** What the frame is told when a report could not be sent (spec §8), word for word. */
export const sendingFailedText = "Something went wrong, please try again.";

type SendFeedback = Extract<MessengerToHostMessage, { name: "send-feedback" }>;

interface FeedbackDeps {
  host: Pick<WidgetHost, "reportParts" | "sendReport" | "trackEvent">;
  events: Pick<WidgetEvents, "emit">;
  send(message: HostToMessengerMessage): void;
  window: MetadataWindow;
}

/**
 * `collect-ticket-data`: what a ticket form shows the visitor it will attach, as the reference answers
 * it: custom data, metadata, the logs, the ticket attributes as `formData`, and the tags when there
 * are some.
 */
export function ticketData(host: Pick<WidgetHost, "reportParts">, win: MetadataWindow) {
  const parts = host.reportParts();
  return {
    customData: parts.customData,
    metaData: collectMetadata(win, {
      startedAt: parts.startedAt,
      sdkVersion: parts.sdkVersion,
      environment: parts.environment,
      buildVersionNumber: parts.appBuildNumber,
      releaseVersionNumber: parts.appVersionCode,
    }) as unknown as Record<string, unknown>,
    consoleLog: parts.consoleLog,
    networkLogs: parts.networkLogs,
    customEventLog: parts.customEventLog,
    formData: parts.ticketAttributes,
    ...(parts.tags.length > 0 ? { tags: parts.tags } : {}),
  };
}

/**
 * `send-feedback` (WIDGET-PROTOCOL "The frame side"): posts the report the frame's form built, with
 * priority MEDIUM and the action's type (BUG when it has none), and answers the frame `feedback-sent`
 * with the server's answer, or `feedback-sending-failed`. Hosts hear `feedback-sent` (with the form
 * data), and for an outbound's form `outbound-sent` and the tracked `outbound-{id}-submitted`.
 */
export async function sendFeedback({ data }: SendFeedback, deps: FeedbackDeps): Promise<void> {
  const { formData, action, outboundId, spamToken } = data;
  let answer: unknown;
  try {
    const report = buildReport(deps.host.reportParts(), deps.window, {
      type: action?.feedbackType ?? "BUG",
      priority: "MEDIUM",
      formData,
      excludeData: action?.excludeData,
      outbound: outboundId,
      spamToken,
    });
    answer = await deps.host.sendReport(report);
  } catch {
    deps.send({ name: "feedback-sending-failed", data: sendingFailedText });
    deps.events.emit("error-while-sending");
    return;
  }
  deps.send({ name: "feedback-sent", data: answer });
  deps.events.emit("feedback-sent", formData);
  if (outboundId) {
    deps.events.emit("outbound-sent", { outboundId, outbound: action, formData });
    // As the reference: the tracked event leaves out who reported it.
    const { reportedBy: _, ...submitted } = formData;
    deps.host.trackEvent(`outbound-${outboundId}-submitted`, submitted);
  }
}
