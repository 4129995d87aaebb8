import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { findDelivery } from "../../../domain/webhooks/webhooks-repository.ts";
import { type AdminHandler, json } from "../../platform-request.ts";
import { onWebhook, type WebhookHandlerDeps } from "./webhook-scope.ts";

/** `POST …/webhooks/:id/test`: "Send test" queues a test delivery and answers it (202), audited. */
export function handleWebhookTestSend({ sql, webhooks }: WebhookHandlerDeps): AdminHandler {
  return onWebhook(sql, async (_request, webhook, admin) => {
    // Sent whether the webhook is enabled or not: testing a receiver before turning it on is the point.
    const id = await webhooks.queueTest(webhook.projectId, webhook.id);
    await recordAudit(sql, {
      actorId: admin.user.id,
      action: "webhook.test",
      entity: "webhook",
      entityId: webhook.id,
      details: { projectId: webhook.projectId },
    });
    return json(await findDelivery(sql, id), { status: 202 });
  });
}
