import type { AdminBot, BotWrite } from "../../shared/bots-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";

const segment = encodeURIComponent;
const botsBase = (projectId: string) => `/api/projects/${segment(projectId)}/bots`;

/** The bots' calls (src/shared/bots-api.ts documents the routes). */
export const botApi = {
  // A project has a handful of bots: the list reads them all at once, by name.
  list: (projectId: string) =>
    api<ListPage<AdminBot>>(`${botsBase(projectId)}?page=1&pageSize=100&sort=name`),
  get: (projectId: string, id: string) => api<AdminBot>(`${botsBase(projectId)}/${segment(id)}`),
  save: (projectId: string, id: string | null, body: BotWrite) =>
    id === null
      ? api<AdminBot>(botsBase(projectId), { method: "POST", body })
      : api<AdminBot>(`${botsBase(projectId)}/${segment(id)}`, { method: "PUT", body }),
  remove: (projectId: string, id: string) =>
    api<void>(`${botsBase(projectId)}/${segment(id)}`, { method: "DELETE" }),
};
