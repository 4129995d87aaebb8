import type { SQL } from "bun";
import type { WebhookDeliveryList, WebhookList } from "../../../shared/webhooks-api.ts";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import { type AllowedHosts, noAllowedHosts } from "../../domain/webhooks/webhook-address-rules.ts";
import { createWebhookEvents, type WebhookEvents } from "../../domain/webhooks/webhook-events.ts";
import { listDeliveries, listWebhooks } from "../../domain/webhooks/webhooks-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { unknownProject } from "../messenger/projects-routes.ts";
import { adminRoute, json } from "../platform-request.ts";
import { handleWebhookCreate } from "./webhook-handlers/webhook-create.ts";
import { handleWebhookDelete } from "./webhook-handlers/webhook-delete.ts";
import { handleWebhookReplace } from "./webhook-handlers/webhook-replace.ts";
import { onWebhook } from "./webhook-handlers/webhook-scope.ts";
import { handleWebhookTestSend } from "./webhook-handlers/webhook-test-send.ts";

interface WebhookRouteDeps {
  sql: SQL;
  guard: AuthGuard;
  webhooks?: WebhookEvents;
  /** The operator's exceptions to "public addresses only" (`WEBHOOK_ALLOWED_HOSTS`). */
  webhookAllowedHosts?: AllowedHosts;
}

/**
 * A widget project's outgoing webhooks (src/shared/webhooks-api.ts): list, create (the server makes
 * the secret), read, replace, delete, the delivery log, and "Send test"; the writes' handlers in
 * webhook-handlers/. Admin only; every write is audited with the project in its details, and tells
 * `webhooks` so the next event sees the change.
 */
export function webhookRoutes(given: WebhookRouteDeps): ApiRoute[] {
  const { sql, guard } = given;
  const deps = {
    sql,
    guard,
    webhooks: given.webhooks ?? createWebhookEvents(sql),
    webhookAllowedHosts: given.webhookAllowedHosts ?? noAllowedHosts,
  };
  const listPath = "/api/projects/:projectId/webhooks";
  const itemPath = `${listPath}/:id`;
  return [
    adminRoute(guard, "GET", listPath, async (_request, params) => {
      const projectId = params.projectId ?? "";
      const missing = await unknownProject(sql, projectId);
      return missing ?? json({ items: await listWebhooks(sql, projectId) } satisfies WebhookList);
    }),
    adminRoute(guard, "POST", listPath, handleWebhookCreate(deps)),
    adminRoute(
      guard,
      "GET",
      itemPath,
      onWebhook(sql, async (_request, webhook) => json(webhook)),
    ),
    adminRoute(guard, "PUT", itemPath, handleWebhookReplace(deps)),
    adminRoute(guard, "DELETE", itemPath, handleWebhookDelete(deps)),
    adminRoute(
      guard,
      "GET",
      `${itemPath}/deliveries`,
      onWebhook(sql, async (_request, webhook) =>
        json({ items: await listDeliveries(sql, webhook.id) } satisfies WebhookDeliveryList),
      ),
    ),
    adminRoute(guard, "POST", `${itemPath}/test`, handleWebhookTestSend(deps)),
  ];
}
