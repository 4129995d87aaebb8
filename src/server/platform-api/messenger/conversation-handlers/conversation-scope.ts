import type { Authenticated } from "../../../auth/auth-guard.ts";
import {
  findProjectConversation,
  type StoredConversation,
} from "../../../domain/conversations/conversations-repository.ts";
import type { DomainEvents } from "../../../domain/events/domain-events.ts";
import type { PlatformDeps } from "../../platform-deps.ts";
import type { AdminHandler } from "../../platform-request.ts";
import { withProjectItem } from "../projects-routes.ts";

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
  return withProjectItem(
    sql,
    { find: findProjectConversation, notFoundMessage: conversationNotFoundMessage },
    handle,
  );
}
