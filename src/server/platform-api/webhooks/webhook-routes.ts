import type { SQL } from "bun";
import type { AdminWebhook, WebhookDeliveryList, WebhookList } from "../../../shared/webhooks-api.ts";
import { WebhookWrite } from "../../../shared/webhooks-api.ts";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import { recordAudit, recordDeletion } from "../../domain/audit/audit-log.ts";
import { findProjectById } from "../../domain/projects/projects-repository.ts";
import {
  type AllowedHosts,
  noAllowedHosts,
  refusedAddressMessage,
  webhookHostProblem,
} from "../../domain/webhooks/webhook-address-rules.ts";
import { createWebhookEvents, type WebhookEvents } from "../../domain/webhooks/webhook-events.ts";
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
} from "../../domain/webhooks/webhooks-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { projectNotFoundMessage } from "../messenger/projects-routes.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

export const webhookNotFoundMessage = "Webhook not found";

/** What the audit log keeps of a webhook: never its secret. */
const audited = (webhook: Pick<AdminWebhook, "url" | "events" | "enabled">) => ({
  url: webhook.url,
  events: webhook.events,
  enabled: webhook.enabled,
});

interface WebhookRouteDeps {
  sql: SQL;
  guard: AuthGuard;
  webhooks?: WebhookEvents;
  /** The operator's exceptions to "public addresses only" (`WEBHOOK_ALLOWED_HOSTS`). */
  webhookAllowedHosts?: AllowedHosts;
}

/**
 * A create's or replace's body, or its 400: the schema's, or the refusal of an address webhooks may
 * not reach (a literal internal address, or a name of this machine or of a metadata service). What a
 * name resolves to is checked when each delivery is sent (webhook-target.ts), since it may change.
 */
async function readWebhookWrite(request: Request, allowed: AllowedHosts) {
  const body = await readBody(request, WebhookWrite);
  if (!body.ok) return body;
  const problem = webhookHostProblem(new URL(body.value.url), allowed);
  if (!problem) return body;
  return { ok: false as const, response: jsonError(400, `url ${refusedAddressMessage(problem)}`, "url") };
}

/**
 * A widget project's outgoing webhooks (src/shared/webhooks-api.ts): list, create (the server makes
 * the secret), read, replace, delete, the delivery log, and "Send test". Admin only; every write is
 * audited with the project in its details, and tells `webhooks` so the next event sees the change.
 */
export function webhookRoutes({
  sql,
  guard,
  webhooks = createWebhookEvents(sql),
  webhookAllowedHosts = noAllowedHosts,
}: WebhookRouteDeps): ApiRoute[] {
  const listPath = "/api/projects/:projectId/webhooks";
  const itemPath = `${listPath}/:id`;
  const projectMissing = async (projectId: string) =>
    (await findProjectById(sql, projectId)) ? null : jsonError(404, projectNotFoundMessage);

  /** The webhook named by the path, or the 404 that says which part is unknown. */
  async function named(params: Record<string, string>): Promise<AdminWebhook | Response> {
    const projectId = params.projectId ?? "";
    const missing = await projectMissing(projectId);
    if (missing) return missing;
    return (await findWebhook(sql, projectId, params.id ?? "")) ?? jsonError(404, webhookNotFoundMessage);
  }

  return [
    adminRoute(guard, "GET", listPath, async (_request, params) => {
      const projectId = params.projectId ?? "";
      const missing = await projectMissing(projectId);
      if (missing) return missing;
      return json({ items: await listWebhooks(sql, projectId) } satisfies WebhookList);
    }),
    adminRoute(guard, "POST", listPath, async (request, params, admin) => {
      const projectId = params.projectId ?? "";
      const body = await readWebhookWrite(request, webhookAllowedHosts);
      if (!body.ok) return body.response;
      const missing = await projectMissing(projectId);
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
    }),
    adminRoute(guard, "GET", itemPath, async (_request, params) => {
      const webhook = await named(params);
      return webhook instanceof Response ? webhook : json(webhook);
    }),
    adminRoute(guard, "PUT", itemPath, async (request, params, admin) => {
      const body = await readWebhookWrite(request, webhookAllowedHosts);
      if (!body.ok) return body.response;
      const webhook = await named(params);
      if (webhook instanceof Response) return webhook;
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
    }),
    adminRoute(guard, "DELETE", itemPath, async (_request, params, admin) => {
      const webhook = await named(params);
      if (webhook instanceof Response) return webhook;
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
    }),
    adminRoute(guard, "GET", `${itemPath}/deliveries`, async (_request, params) => {
      const webhook = await named(params);
      if (webhook instanceof Response) return webhook;
      return json({ items: await listDeliveries(sql, webhook.id) } satisfies WebhookDeliveryList);
    }),
    adminRoute(guard, "POST", `${itemPath}/test`, async (_request, params, admin) => {
      const webhook = await named(params);
      if (webhook instanceof Response) return webhook;
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
    }),
  ];
}
