import type { SQL } from "bun";
import type { AdminConversation } from "../../../../shared/conversations-api.ts";
import {
  findAdminSummary,
  listMessages,
  readMark,
} from "../../../domain/conversations/conversations-repository.ts";
import { markAssignmentsSeen } from "../../../domain/staff/assignment-events.ts";
import type { PlatformDeps } from "../../platform-deps.ts";
import { json } from "../../platform-request.ts";
import { withConversation } from "./conversation-scope.ts";

/** A conversation as the admin pages show it: its summary, messages and the visitor's read mark. */
export async function adminConversation(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<AdminConversation | null> {
  const found = await findAdminSummary(sql, projectId, id);
  if (!found) return null;
  const { summary, conversation } = found;
  const [messages, visitorMark] = await Promise.all([
    listMessages(sql, conversation.id),
    readMark(sql, conversation.id, "visitor"),
  ]);
  return {
    ...summary,
    botId: conversation.botId,
    collected: conversation.collected,
    messages,
    visitorLastReadMessageId: visitorMark,
    closedAt: conversation.closedAt,
  };
}

/** `GET …/conversations/:id`: opening it is seeing the work given to the asking admin there. */
export function handleConversationDetail(deps: Pick<PlatformDeps, "sql">) {
  const { sql } = deps;
  return withConversation(deps, async (_request, conversation, admin) => {
    await markAssignmentsSeen(sql, admin.user.id, "conversation", conversation.id);
    return json(await adminConversation(sql, conversation.projectId, conversation.id));
  });
}
