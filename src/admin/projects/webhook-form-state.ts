import {
  type AdminWebhook,
  type WebhookEventName,
  type WebhookWrite,
  webhookEvents,
} from "../../shared/webhooks-api.ts";
import type { MessageId } from "../i18n/en-US.ts";

/** What the webhook form edits: the address and description as typed, the ticked events. */
export interface WebhookForm {
  url: string;
  description: string;
  events: WebhookEventName[];
  enabled: boolean;
}

export type WebhookFormErrors = Partial<Record<"url" | "description" | "events", MessageId>>;

/** A new webhook listens to new reports, the event most teams start with. */
export const emptyWebhookForm = (): WebhookForm => ({
  url: "",
  description: "",
  events: ["report.created"],
  enabled: true,
});

export const webhookFormOf = (webhook: AdminWebhook): WebhookForm => ({
  url: webhook.url,
  description: webhook.description,
  events: [...webhook.events],
  enabled: webhook.enabled,
});

/** Ticks or unticks one event, keeping the product's order. */
export function toggleEvent(events: readonly WebhookEventName[], event: WebhookEventName, on: boolean) {
  return webhookEvents.filter((name) => (name === event ? on : events.includes(name)));
}

const isWebAddress = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

/**
 * The same rules the server applies (src/shared/webhooks-api.ts), checked before sending so the
 * admin sees each wrong field at once; the server's answer stays the authority.
 */
export function checkWebhookForm(
  form: WebhookForm,
): { ok: true; write: WebhookWrite } | { ok: false; errors: WebhookFormErrors } {
  const url = form.url.trim();
  const errors: WebhookFormErrors = {};
  if (!isWebAddress(url) || url.length > 2048) errors.url = "webhooks.form.urlRule";
  if (form.description.trim().length > 200) errors.description = "webhooks.form.descriptionRule";
  if (form.events.length === 0) errors.events = "webhooks.form.eventsRule";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    write: { url, description: form.description.trim(), events: form.events, enabled: form.enabled },
  };
}

/**
 * The field errors a refusal from the server names: a 400 on `url` once the address passed the
 * checks above is the server's "public addresses only" rule (src/server/domain/webhooks/), which
 * the form cannot apply itself (the operator may allow exceptions).
 */
export function refusedFields(
  status: number | undefined,
  body: Record<string, unknown> | null,
): WebhookFormErrors {
  return status === 400 && body?.field === "url" ? { url: "webhooks.form.urlRefused" } : {};
}
