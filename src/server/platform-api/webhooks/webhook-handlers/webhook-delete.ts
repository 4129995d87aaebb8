import { recordDeletion } from "../../../domain/audit/audit-log.ts";
import { deleteWebhook } from "../../../domain/webhooks/webhooks-repository.ts";
import { type AdminHandler, jsonError } from "../../platform-request.ts";
import { audited, onWebhook, type WebhookHandlerDeps, webhookNotFoundMessage } from "./webhook-scope.ts";

/** `DELETE …/webhooks/:id`, with what it was in the deletion's audit entry. */
export function handleWebhookDelete({ sql, webhooks }: WebhookHandlerDeps): AdminHandler {
  return onWebhook(sql, async (_request, webhook, admin) => {
    const deleted = await sql.begin(async (tx) => {
      if (!(await deleteWebhook(tx, webhook.projectId, webhook.id))) return false;
      await recordDeletion(tx, admin.user.id, "webhook", webhook.id, {
        projectId: webhook.projectId,
        ...audited(webhook),
      });
      return true;
    });
    if (!deleted) return jsonError(404, webhookNotFoundMessage);
    await webhooks.changed();
    return new Response(null, { status: 204 });
  });
}
