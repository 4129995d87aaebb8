import type {
  AdminWebhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookWrite,
} from "../../shared/webhooks-api.ts";
import { api } from "../api/api-client.ts";

const webhooksPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/webhooks`;
const webhookPath = (projectId: string, id: string) => `${webhooksPath(projectId)}/${encodeURIComponent(id)}`;

/** With the count the list screens' states read (`ListStatus`). */
const counted = <T>(list: { items: T[] }) => ({ items: list.items, total: list.items.length });

/** The admin's calls for a project's webhooks (src/shared/webhooks-api.ts). */
export const webhooksApi = {
  list: (projectId: string) => api<WebhookList>(webhooksPath(projectId)).then(counted),
  create: (projectId: string, body: WebhookWrite) =>
    api<AdminWebhook>(webhooksPath(projectId), { method: "POST", body }),
  update: (projectId: string, id: string, body: WebhookWrite) =>
    api<AdminWebhook>(webhookPath(projectId, id), { method: "PUT", body }),
  remove: (projectId: string, id: string) => api<void>(webhookPath(projectId, id), { method: "DELETE" }),
  deliveries: (projectId: string, id: string) =>
    api<WebhookDeliveryList>(`${webhookPath(projectId, id)}/deliveries`).then(counted),
  sendTest: (projectId: string, id: string) =>
    api<WebhookDelivery>(`${webhookPath(projectId, id)}/test`, { method: "POST" }),
};
