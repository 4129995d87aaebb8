import type { Authenticated } from "../../../auth/auth-guard.ts";
import {
  findProjectConversation,
  type StoredConversation,
} from "../../../domain/conversations/conversations-repository.ts";
import type { DomainEvents } from "../../../domain/events/domain-events.ts";
import type { PlatformDeps } from "../../platform-deps.ts";
import type { AdminHandler } from "../../platform-request.ts";
import { jsonError } from "../../platform-request.ts";
import { unknownProject } from "../projects-routes.ts";

export const conversationNotFoundMessage = "Conversation not found";

/** Replies, status changes, typing and assignment say what happened through `events` (domain/events/). */
export type ConversationsAdminDeps = PlatformDeps & { events: DomainEvents };

export type ConversationHandler = (
  request: Request,
  conversation: StoredConversation,
  admin: Authenticated,
) => Promise<Response>;

/** Runs `handle` for a conversation of a known project (`:projectId`, `:id`), else answers its 404. */
export function withConversation(
  { sql }: Pick<PlatformDeps, "sql">,
  handle: ConversationHandler,
): AdminHandler {
  return async (request, params, admin) => {
    const projectId = params.projectId ?? "";
    const missing = await unknownProject(sql, projectId);
    if (missing) return missing;
    const conversation = await findProjectConversation(sql, projectId, params.id ?? "");
    if (!conversation) return jsonError(404, conversationNotFoundMessage);
    return handle(request, conversation, admin);
  };
}
