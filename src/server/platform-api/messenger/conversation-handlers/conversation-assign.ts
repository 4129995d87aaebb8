import type { SQL } from "bun";
import { ConversationAssignRequest } from "../../../../shared/conversations-api.ts";
import type { Authenticated } from "../../../auth/auth-guard.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import {
  assignConversation,
  type StoredConversation,
} from "../../../domain/conversations/conversations-repository.ts";
import { assigneeNotAdminMessage, isAssignableAdmin } from "../../../domain/inbox/inbox-repository.ts";
import { assigneesOf, recordAssignments } from "../../../domain/staff/assignment-events.ts";
import { json, jsonError, readBody } from "../../platform-request.ts";
import { adminConversation } from "./conversation-detail.ts";
import { type ConversationsAdminDeps, withConversation } from "./conversation-scope.ts";

/**
 * A new assignee with its audit and its timeline event, in one transaction; the event ids, or null
 * when the conversation had that assignee already.
 */
async function storeAssignment(
  sql: SQL,
  conversation: StoredConversation,
  assigneeId: string | null,
  admin: Authenticated,
): Promise<string[] | null> {
  return sql.begin(async (tx) => {
    const before = await assigneesOf(tx, "conversation", [conversation.id]);
    if (!(await assignConversation(tx, conversation.id, assigneeId))) return null;
    await recordAudit(tx, {
      actorId: admin.user.id,
      action: "conversation.assign",
      entity: "conversation",
      entityId: conversation.id,
      details: { projectId: conversation.projectId, assigneeId },
    });
    return recordAssignments(tx, before, assigneeId, { id: admin.user.id });
  });
}

/** `POST …/conversations/:id/assign`: to an admin of the project or to nobody; then `conversation.assigned`. */
export function handleConversationAssign(deps: ConversationsAdminDeps) {
  const { sql, events } = deps;
  return withConversation(deps, async (request, conversation, admin) => {
    const body = await readBody(request, ConversationAssignRequest);
    if (!body.ok) return body.response;
    const { assigneeId } = body.value;
    if (assigneeId !== null && !(await isAssignableAdmin(sql, assigneeId, [conversation.projectId])))
      return jsonError(400, assigneeNotAdminMessage, "assigneeId");
    const eventIds = await storeAssignment(sql, conversation, assigneeId, admin);
    const answer = await adminConversation(sql, conversation.projectId, conversation.id);
    if (eventIds) {
      const assignee = answer?.assignee ?? null;
      await events.emit("conversation.assigned", { conversation, assignee, assignments: { eventIds } });
    }
    return json(answer);
  });
}
