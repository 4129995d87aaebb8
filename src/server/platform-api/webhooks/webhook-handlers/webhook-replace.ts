import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { findWebhook, updateWebhook } from "../../../domain/webhooks/webhooks-repository.ts";
import { type AdminHandler, json, jsonError } from "../../platform-request.ts";
import {
  audited,
  onWebhook,
  readWebhookWrite,
  type WebhookHandlerDeps,
  webhookNotFoundMessage,
} from "./webhook-scope.ts";

/** `PUT …/webhooks/:id`: its address, events and switch replaced (the secret stays), audited. */
export function handleWebhookReplace({
  sql,
  webhooks,
  webhookAllowedHosts,
}: WebhookHandlerDeps): AdminHandler {
  return async (request, params, admin) => {
    // The body is checked first: a refused one says why, whether or not the webhook exists.
    const body = await readWebhookWrite(request, webhookAllowedHosts);
    if (!body.ok) return body.response;
    return onWebhook(sql, async (_request, webhook) => {
      const updated = await sql.begin(async (tx) => {
        if (!(await updateWebhook(tx, webhook.projectId, webhook.id, body.value))) return false;
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: "webhook.update",
          entity: "webhook",
          entityId: webhook.id,
          details: { projectId: webhook.projectId, ...audited(body.value) },
        });
        return true;
      });
      if (!updated) return jsonError(404, webhookNotFoundMessage);
      await webhooks.changed();
      return json(await findWebhook(sql, webhook.projectId, webhook.id));
    })(request, params, admin);
  };
}
