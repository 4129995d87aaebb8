import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { findWebhook, insertWebhook } from "../../../domain/webhooks/webhooks-repository.ts";
import { unknownProject } from "../../messenger/projects-routes.ts";
import { type AdminHandler, json } from "../../platform-request.ts";
import { audited, readWebhookWrite, type WebhookHandlerDeps } from "./webhook-scope.ts";

/** `POST …/webhooks`: a new webhook (the server makes its secret), audited. */
export function handleWebhookCreate({
  sql,
  webhooks,
  webhookAllowedHosts,
}: WebhookHandlerDeps): AdminHandler {
  return async (request, params, admin) => {
    const projectId = params.projectId ?? "";
    const body = await readWebhookWrite(request, webhookAllowedHosts);
    if (!body.ok) return body.response;
    const missing = await unknownProject(sql, projectId);
    if (missing) return missing;
    const id = await sql.begin(async (tx) => {
      const created = await insertWebhook(tx, projectId, body.value);
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "webhook.create",
        entity: "webhook",
        entityId: created,
        details: { projectId, ...audited(body.value) },
      });
      return created;
    });
    await webhooks.changed();
    return json(await findWebhook(sql, projectId, id), { status: 201 });
  };
}
