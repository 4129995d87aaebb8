import type {
  AdminConversation,
  AdminConversationSummary,
  ConversationMessage,
  ReadAnswer,
  StaffReplyRequest,
} from "../../shared/conversations-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";
import { type ConversationListQuery, conversationListApiParams } from "./conversation-list-query.ts";

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/conversations`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

/** The admin's calls to a project's conversations (src/shared/conversations-api.ts, admin routes). */
export const conversationsApi = {
  list: (projectId: string, query: ConversationListQuery) =>
    api<ListPage<AdminConversationSummary>>(`${base(projectId)}?${conversationListApiParams(query)}`),
  get: (projectId: string, id: string) => api<AdminConversation>(one(projectId, id)),
  /** A staff reply; the server pushes it to the visitor's open messenger at once. */
  reply: (projectId: string, id: string, body: StaffReplyRequest) =>
    api<ConversationMessage>(`${one(projectId, id)}/messages`, { method: "POST", body }),
  read: (projectId: string, id: string) => api<ReadAnswer>(`${one(projectId, id)}/read`, { method: "POST" }),
  typing: (projectId: string, id: string, typing: boolean) =>
    api<void>(`${one(projectId, id)}/typing`, { method: "POST", body: { typing } }),
  /** Gives it to an admin (their user id) or to nobody (null); other admins hear it live. */
  assign: (projectId: string, id: string, assigneeId: string | null) =>
    api<AdminConversation>(`${one(projectId, id)}/assign`, { method: "POST", body: { assigneeId } }),
  close: (projectId: string, id: string) =>
    api<AdminConversation>(`${one(projectId, id)}/close`, { method: "POST" }),
  reopen: (projectId: string, id: string) =>
    api<AdminConversation>(`${one(projectId, id)}/reopen`, { method: "POST" }),
};
