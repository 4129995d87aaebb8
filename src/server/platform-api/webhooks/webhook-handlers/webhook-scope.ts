import type { SQL } from "bun";
import type { AdminWebhook } from "../../../../shared/webhooks-api.ts";
import { WebhookWrite } from "../../../../shared/webhooks-api.ts";
import type { Authenticated, AuthGuard } from "../../../auth/auth-guard.ts";
import {
  type AllowedHosts,
  refusedAddressMessage,
  webhookHostProblem,
} from "../../../domain/webhooks/webhook-address-rules.ts";
import type { WebhookEvents } from "../../../domain/webhooks/webhook-events.ts";
import { findWebhook } from "../../../domain/webhooks/webhooks-repository.ts";
import { withProjectItem } from "../../messenger/projects-routes.ts";
import { type AdminHandler, jsonError, readBody } from "../../platform-request.ts";

export const webhookNotFoundMessage = "Webhook not found";

export interface WebhookHandlerDeps {
  sql: SQL;
  guard: AuthGuard;
  /** Told of every write, so the next event sees the change. */
  webhooks: WebhookEvents;
  /** The operator's exceptions to "public addresses only" (`WEBHOOK_ALLOWED_HOSTS`). */
  webhookAllowedHosts: AllowedHosts;
}

/** What the audit log keeps of a webhook: never its secret. */
export const audited = (webhook: Pick<AdminWebhook, "url" | "events" | "enabled">) => ({
  url: webhook.url,
  events: webhook.events,
  enabled: webhook.enabled,
});

/**
 * A create's or replace's body, or its 400: the schema's, or the refusal of an address webhooks may
 * not reach (a literal internal address, or a name of this machine or of a metadata service). What a
 * name resolves to is checked when each delivery is sent (webhook-target.ts), since it may change.
 */
export async function readWebhookWrite(request: Request, allowed: AllowedHosts) {
  const body = await readBody(request, WebhookWrite);
  if (!body.ok) return body;
  const problem = webhookHostProblem(new URL(body.value.url), allowed);
  if (!problem) return body;
  return { ok: false as const, response: jsonError(400, `url ${refusedAddressMessage(problem)}`, "url") };
}

/** Runs `handle` for the webhook the path names, else answers the 404 that says which part is unknown. */
export function onWebhook(
  sql: SQL,
  handle: (request: Request, webhook: AdminWebhook, admin: Authenticated) => Promise<Response>,
): AdminHandler {
  return withProjectItem(sql, { find: findWebhook, notFoundMessage: webhookNotFoundMessage }, handle);
}
