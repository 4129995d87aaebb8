import { StaffReplyRequest } from "../../../../shared/conversations-api.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { addMessage } from "../../../domain/conversations/conversations-repository.ts";
import { staffReplyHtml } from "../../../domain/rich-text/reply-markdown.ts";
import { staffIdentity } from "../../../domain/staff/staff-identity.ts";
import { json, jsonError, readBody } from "../../platform-request.ts";
import { type ConversationsAdminDeps, withConversation } from "./conversation-scope.ts";

/**
 * `POST …/conversations/:id/messages`: a staff reply (markdown or HTML, made allow-listed HTML) under
 * the staff member's name and picture, with its audit entry; then `conversation.message`.
 */
export function handleStaffReply(deps: ConversationsAdminDeps) {
  const { sql, events } = deps;
  return withConversation(deps, async (request, conversation, admin) => {
    const body = await readBody(request, StaffReplyRequest);
    if (!body.ok) return body.response;
    const text = staffReplyHtml(body.value.text, body.value.format);
    if (text === "" && (body.value.attachments?.length ?? 0) === 0)
      return jsonError(400, "text is required", "text");
    const { name, avatarUrl } = await staffIdentity(sql, admin.user);
    const { message } = await sql.begin(async (tx) => {
      const added = await addMessage(tx, conversation, {
        author: "staff",
        staffUserId: admin.user.id,
        name,
        avatarUrl,
        text,
        attachments: body.value.attachments ?? [],
      });
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "conversation.reply",
        entity: "conversation",
        entityId: conversation.id,
        details: { projectId: conversation.projectId, messageId: added.message.id },
      });
      return added;
    });
    await events.emit("conversation.message", { conversation, message });
    return json(message, { status: 201 });
  });
}
