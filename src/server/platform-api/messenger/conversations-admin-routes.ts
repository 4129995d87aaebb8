import type { ApiRoute } from "../../http/api-route.ts";
import { adminRoute } from "../platform-request.ts";
import { handleConversationAssign } from "./conversation-handlers/conversation-assign.ts";
import { handleConversationDetail } from "./conversation-handlers/conversation-detail.ts";
import { handleConversationList } from "./conversation-handlers/conversation-list.ts";
import type { ConversationsAdminDeps } from "./conversation-handlers/conversation-scope.ts";
import { handleConversationStatus } from "./conversation-handlers/conversation-status.ts";
import { handleStaffRead } from "./conversation-handlers/staff-read.ts";
import { handleStaffReply } from "./conversation-handlers/staff-reply.ts";
import { handleStaffTyping } from "./conversation-handlers/staff-typing.ts";

/**
 * Conversations for staff under `/api/projects/{projectId}/conversations`: the list with unread
 * counts, one conversation, replies, read marks, typing, assignment, close and reopen; each handler
 * in conversation-handlers/. Replies and status changes reach the visitor's sockets at once
 * (domain/events/); opening one is seeing the work given to the asking admin there
 * (assignment-events.ts).
 */
export function conversationsAdminRoutes(deps: ConversationsAdminDeps): ApiRoute[] {
  const { guard } = deps;
  const base = "/api/projects/:projectId/conversations";
  return [
    adminRoute(guard, "GET", base, handleConversationList(deps)),
    adminRoute(guard, "GET", `${base}/:id`, handleConversationDetail(deps)),
    adminRoute(guard, "POST", `${base}/:id/messages`, handleStaffReply(deps)),
    adminRoute(guard, "POST", `${base}/:id/read`, handleStaffRead(deps)),
    adminRoute(guard, "POST", `${base}/:id/typing`, handleStaffTyping(deps)),
    adminRoute(guard, "POST", `${base}/:id/assign`, handleConversationAssign(deps)),
    adminRoute(guard, "POST", `${base}/:id/close`, handleConversationStatus(deps, "closed")),
    adminRoute(guard, "POST", `${base}/:id/reopen`, handleConversationStatus(deps, "open")),
  ];
}
