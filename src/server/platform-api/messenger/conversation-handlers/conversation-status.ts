import type { ConversationStatus } from "../../../../shared/conversations-api.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { setConversationStatus } from "../../../domain/conversations/conversations-repository.ts";
import { json } from "../../platform-request.ts";
import { adminConversation } from "./conversation-detail.ts";
import { type ConversationsAdminDeps, withConversation } from "./conversation-scope.ts";

/** `POST …/conversations/:id/close` and `/reopen`, audited; then `conversation.status` when it changed. */
export function handleConversationStatus(deps: ConversationsAdminDeps, status: ConversationStatus) {
  const { sql, events } = deps;
  return withConversation(deps, async (_request, conversation, admin) => {
    const changed = await sql.begin(async (tx) => {
      const done = await setConversationStatus(tx, conversation.id, status);
      if (done) {
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: status === "closed" ? "conversation.close" : "conversation.reopen",
          entity: "conversation",
          entityId: conversation.id,
          details: { projectId: conversation.projectId, subject: conversation.subject },
        });
      }
      return done;
    });
    if (changed) await events.emit("conversation.status", { conversation, status });
    return json(await adminConversation(sql, conversation.projectId, conversation.id));
  });
}
