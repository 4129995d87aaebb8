import type { AdminFeedbackFlow, FeedbackFlowWrite } from "../../shared/feedback-flows-api.ts";
import type { AdminProjectSettings, ProjectSettingsWrite } from "../../shared/inbox-api.ts";
import type { InstallationList } from "../../shared/installations-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { AdminProject } from "../../shared/projects-api.ts";
import { api } from "../api/api-client.ts";
import { type ProjectListQuery, projectListApiParams } from "./project-list-query.ts";

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
const flowsPath = (projectId: string) => `${projectPath(projectId)}/feedback-flows`;
const flowPath = (projectId: string, id: string) => `${flowsPath(projectId)}/${encodeURIComponent(id)}`;

/**
 * The admin's calls for widget projects (src/shared/inbox-api.ts "Project settings") and their
 * feedback flows (src/shared/feedback-flows-api.ts, the `feedback-flows` kind).
 */
export const projectsApi = {
  list: (query: ProjectListQuery) =>
    api<ListPage<AdminProject>>(`/api/projects?${projectListApiParams(query)}`),
  /** Every project, by name (the conversations inbox picks one; an admin rarely has more than a few). */
  all: () => api<ListPage<AdminProject>>("/api/projects?sort=name&pageSize=100"),
  /** A new project; the server turns identity verification on for it. */
  create: (name: string) => api<AdminProjectSettings>("/api/projects", { method: "POST", body: { name } }),
  settings: (id: string) => api<AdminProjectSettings>(`${projectPath(id)}/settings`),
  saveSettings: (id: string, body: ProjectSettingsWrite) =>
    api<AdminProjectSettings>(`${projectPath(id)}/settings`, { method: "PUT", body }),
  /** A new identity secret: every `userHash` signed with the old one stops verifying. */
  /** The origins the snippet has been seen on (the install panel's check). */
  installations: (id: string) => api<InstallationList>(`${projectPath(id)}/installations`),
  rotateSecret: (id: string) =>
    api<AdminProjectSettings>(`${projectPath(id)}/secret/rotate`, { method: "POST" }),
  flows: (projectId: string) =>
    api<ListPage<AdminFeedbackFlow>>(`${flowsPath(projectId)}?sort=position&pageSize=100`),
  flow: (projectId: string, id: string) => api<AdminFeedbackFlow>(flowPath(projectId, id)),
  createFlow: (projectId: string, body: FeedbackFlowWrite) =>
    api<AdminFeedbackFlow>(flowsPath(projectId), { method: "POST", body }),
  updateFlow: (projectId: string, id: string, body: FeedbackFlowWrite) =>
    api<AdminFeedbackFlow>(flowPath(projectId, id), { method: "PUT", body }),
  removeFlow: (projectId: string, id: string) => api<void>(flowPath(projectId, id), { method: "DELETE" }),
};
