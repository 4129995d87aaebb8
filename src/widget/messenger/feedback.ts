import type { HostToMessengerMessage, MessengerToHostMessage } from "../../shared/frame-messages.ts";
import type { ReportDelivery, WidgetEvents, WidgetHost } from "../../shared/widget-chunk-contract.ts";
import type { CaptureAnswer } from "../common/capture-data.ts";
import { buildReport, reportMetadata } from "../common/report/build-report.ts";
import { fitReport } from "../common/report/fit-report.ts";
import { protectReport } from "../common/report/private-report.ts";
import type { MetadataWindow } from "../common/report/session-metadata.ts";

/** What the frame is told when a report could not be sent (spec §8), word for word. */
export const sendingFailedText = "Something went wrong, please try again.";

type SendFeedback = Extract<MessengerToHostMessage, { name: "send-feedback" }>;

interface FeedbackDeps {
  host: Pick<WidgetHost, "reportParts" | "sendReport" | "trackEvent" | "query" | "command">;
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
    metaData: reportMetadata(parts, win) as unknown as Record<string, unknown>,
    consoleLog: parts.consoleLog,
    networkLogs: parts.networkLogs,
    customEventLog: parts.customEventLog,
    formData: parts.ticketAttributes,
    ...(parts.tags.length > 0 ? { tags: parts.tags } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Thrown when the capture surface could not take the snapshot: the report is not sent (spec §8). */
class SnapshotFailed extends Error {}

/**
 * The capture the visitor made for this report (the capture surface's `captureData`), if any. The
 * surface answers `{ok: false}` for a snapshot that failed; then nothing is sent.
 */
async function readCapture(host: FeedbackDeps["host"]) {
  const answer = (await host.query("captureData")) as CaptureAnswer | undefined;
  if (!isObject(answer)) return {};
  if (answer.ok !== true) {
    console.warn("Gleap: Failed to take snapshot", (answer as { error?: unknown }).error ?? "");
    throw new SnapshotFailed();
  }
  return {
    screenshotData:
      isObject(answer.screenshotData) && typeof answer.screenshotData.html === "string"
        ? answer.screenshotData
        : undefined,
    screenRecordingUrl: typeof answer.screenRecordingUrl === "string" ? answer.screenRecordingUrl : undefined,
  };
}

/** The web replay (the replay surface's `replayData`), if the project records replays. */
async function readReplay(host: FeedbackDeps["host"]): Promise<Record<string, unknown> | undefined> {
  try {
    const answer = await host.query("replayData");
    return isObject(answer) && Array.isArray(answer.events) && answer.events.length > 0 ? answer : undefined;
  } catch {
    // A replay is a bonus: the report goes without it.
    return undefined;
  }
}

/**
 * `send-feedback` (WIDGET-PROTOCOL "The frame side"): posts the report the frame's form built, with
 * priority MEDIUM and the action's type (BUG when it has none), and answers the frame `feedback-sent`
 * with the server's answer, `feedback-queued` when the outbox kept it to send later (offline, a busy
 * server), or `feedback-sending-failed`. Hosts hear `feedback-sent` (with the form
 * data), and for an outbound's form `outbound-sent` and the tracked `outbound-{id}-submitted`.
 *
 * The capture (spec §3 `screenshotData`, `screenRecordingUrl`) and the web replay (`webReplay`) are
 * asked of their surfaces first; the action's exclude map leaves them out as in the reference
 * (`screenshot`, `replays`, or the part's own name). After a sent report the capture is forgotten.
 */
export async function sendFeedback({ data }: SendFeedback, deps: FeedbackDeps): Promise<void> {
  const { formData, action, outboundId, spamToken } = data;
  const excluded = action?.excludeData ?? {};
  let delivery: ReportDelivery;
  try {
    const [capture, replay] = await Promise.all([
      readCapture(deps.host),
      excluded.replays || excluded.webReplay ? undefined : readReplay(deps.host),
    ]);
    const parts = deps.host.reportParts();
    const report: Record<string, unknown> = buildReport(parts, deps.window, {
      type: action?.feedbackType ?? "BUG",
      priority: "MEDIUM",
      formData,
      excludeData: action?.excludeData,
      outbound: outboundId,
      spamToken,
    });
    if (capture.screenshotData && !excluded.screenshot && !excluded.screenshotData)
      report.screenshotData = capture.screenshotData;
    if (capture.screenRecordingUrl && !excluded.screenRecordingUrl)
      report.screenRecordingUrl = capture.screenRecordingUrl;
    if (replay) report.webReplay = replay;
    // Last, over every part: no private value of the page leaves it (src/widget/privacy/).
    delivery = await deps.host.sendReport(
      fitReport(protectReport(report, parts.typedValues, deps.window, { visitorForm: true })),
    );
    // The loader answers nothing when the report surface is out of reach: nothing was sent or kept.
    if (!delivery) throw new Error("the report surface is unavailable");
  } catch {
    deps.send({ name: "feedback-sending-failed", data: sendingFailedText });
    deps.events.emit("error-while-sending");
    return;
  }
  // The capture is in the report now, sent or kept in the outbox.
  deps.host.command("clearCapture");
  if (delivery.status === "queued") {
    // Not "sent": the frame says it will go when the visitor is back online; the report chunk's
    // notice says when it arrived.
    deps.send({ name: "feedback-queued" });
    return;
  }
  deps.send({ name: "feedback-sent", data: delivery.answer });
  deps.events.emit("feedback-sent", formData);
  if (outboundId) {
    deps.events.emit("outbound-sent", { outboundId, outbound: action, formData });
    // As the reference: the tracked event leaves out who reported it.
    const { reportedBy: _, ...submitted } = formData;
    deps.host.trackEvent(`outbound-${outboundId}-submitted`, submitted);
  }
}
