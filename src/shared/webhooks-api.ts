import { array, boolean, enums, type Infer, object, refine, size } from "superstruct";
import type { ConversationMessage, ConversationStatus } from "./conversations-api.ts";
import type { InboxReport } from "./inbox-api.ts";
import { boundedText } from "./payload-text.ts";

/**
 * A widget project's outgoing webhooks: what an admin writes, what the delivery
 * log shows, and what a receiver gets. Admin only, under `/api/projects/{projectId}/webhooks`:
 *
 *   GET    …/webhooks                   → WebhookList
 *   POST   …/webhooks                   WebhookWrite → 201 AdminWebhook (secret made by the server)
 *   GET    …/webhooks/{id}              → AdminWebhook
 *   PUT    …/webhooks/{id}              WebhookWrite → AdminWebhook
 *   DELETE …/webhooks/{id}              → 204 (its log goes with it)
 *   GET    …/webhooks/{id}/deliveries   → WebhookDeliveryList (newest first, the last 50)
 *   POST   …/webhooks/{id}/test         → 202 WebhookDelivery (a `webhook.test`, queued and sent at
 *                                         once; the answer is its state at that moment)
 *
 * Every write is audited. A receiver gets `POST` with a `WebhookEnvelope` as JSON and the headers
 * below; the signature is HMAC-SHA256 with the webhook's secret over `{timestamp}.{raw body}`, so a
 * replayed body with a fresh timestamp does not verify.
 */
export const webhookEvents = [
  "report.created",
  "report.updated",
  "conversation.message",
  "survey.answered",
] as const;
export type WebhookEventName = (typeof webhookEvents)[number];

/** What "Send test" sends; no webhook subscribes to it, every webhook can receive it. */
export const webhookTestEvent = "webhook.test";
export type WebhookDeliveryEvent = WebhookEventName | typeof webhookTestEvent;

export const webhookHeaders = {
  signature: "X-Morph-Signature",
  timestamp: "X-Morph-Timestamp",
  event: "X-Morph-Event",
  delivery: "X-Morph-Delivery",
} as const;

export const webhookUrlMessage = "must be an http:// or https:// address";

/** An absolute http(s) address with a host; anything else (javascript:, ftp:, a path) is refused. */
export const WebhookUrl = refine(boundedText(1, 2048), "webhookUrl", (value) => {
  if (value.trim() !== value) return webhookUrlMessage;
  try {
    const url = new URL(value);
    return (
      ((url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "") || webhookUrlMessage
    );
  } catch {
    return webhookUrlMessage;
  }
});

export const WebhookWrite = object({
  url: WebhookUrl,
  description: boundedText(0, 200),
  events: size(array(enums(webhookEvents)), 1, webhookEvents.length),
  enabled: boolean(),
});
export type WebhookWrite = Infer<typeof WebhookWrite>;

export interface AdminWebhook {
  id: string;
  projectId: string;
  url: string;
  description: string;
  events: WebhookEventName[];
  enabled: boolean;
  /** The signing secret; admins may read it at any time (it never reaches the widget). */
  secret: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookList {
  items: AdminWebhook[];
}

/** Pending until a 2xx answer (delivered) or until retries ran out (failed). */
export type WebhookDeliveryState = "pending" | "delivered" | "failed";

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  event: WebhookDeliveryEvent;
  state: WebhookDeliveryState;
  attempts: number;
  /** When the next try is due; null once delivered or failed. */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  /** The receiver's HTTP status of the last try; null when it did not answer. */
  lastStatus: number | null;
  /**
   * The start of the receiver's answer: at most 200 printable characters (control and format
   * characters dropped, line breaks and runs of spaces made one space), "…" where it was cut.
   */
  lastResponse: string | null;
  /**
   * Why the last try got no answer: the connection failed or timed out, the name did not resolve,
   * or "Refused: …" when the address is an internal or local one (the delivery then fails at once).
   */
  lastError: string | null;
  lastDurationMs: number | null;
  createdAt: string;
}

export interface WebhookDeliveryList {
  items: WebhookDelivery[];
}

// ---------- what a receiver gets ----------

/** A report as a receiver sees it: the inbox's summary without the admin's own read mark. */
export type WebhookReport = Omit<InboxReport, "unread">;

export interface WebhookConversation {
  id: string;
  projectId: string;
  subject: string;
  status: ConversationStatus;
}

export type WebhookEventData = {
  "report.created": { report: WebhookReport };
  "report.updated": { report: WebhookReport };
  "conversation.message": { conversation: WebhookConversation; message: ConversationMessage };
  "survey.answered": {
    survey: { id: string; title: string };
    answerId: string;
    sessionId: string;
    answers: Record<string, unknown>;
  };
  "webhook.test": { webhookId: string; message: string };
};

export interface WebhookEnvelope<E extends WebhookDeliveryEvent = WebhookDeliveryEvent> {
  /** The event's id: the same for every webhook the event went to, so a receiver can drop repeats. */
  id: string;
  type: E;
  createdAt: string;
  projectId: string;
  data: WebhookEventData[E];
}
