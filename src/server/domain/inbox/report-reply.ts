import type { SQL } from "bun";
import type { Attachment, ConversationMessage } from "../../../shared/conversations-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { recordChange } from "../audit/audit-log.ts";
import { subjectFrom } from "../conversations/conversation-subject.ts";
import {
  addMessage,
  findProjectConversation,
  openEmptyConversation,
  type StoredConversation,
} from "../conversations/conversations-repository.ts";
import type { StoredReport } from "../feedback/feedback-repository.ts";
import { shortReportId } from "../feedback/feedback-repository.ts";
import { reportTitle } from "./inbox-repository.ts";

/** The subject a conversation about a report gets: the report's line, else its short id. */
export function replySubject(report: Pick<StoredReport, "formData" | "number">): string {
  const title = reportTitle(report.formData);
  return subjectFrom(`Re: ${title || `your report ${shortReportId(report.number)}`}`, []);
}

/**
 * Writes a staff reply to a report's reporter: into the conversation staff opened about the report
 * before, else into a new one for the report's session (the messenger's conversation tables, so the
 * visitor reads and answers it in the widget like any other). The report row is written first, which
 * takes its lock, so two first replies at once still share one conversation. The reply and its audit
 * entry commit together.
 */
export async function writeReportReply(
  sql: SQL,
  report: StoredReport & { sessionId: string },
  admin: Authenticated,
  reply: { text: string; attachments: Attachment[]; name: string; avatarUrl: string | null },
): Promise<{ conversation: StoredConversation; message: ConversationMessage }> {
  return sql.begin(async (tx) => {
    const [row] = await tx`UPDATE feedback_reports SET updated_at = ${new Date().toISOString()}
      WHERE id = ${report.id} RETURNING conversation_id`;
    const existingId = (row as { conversation_id: string | null } | undefined)?.conversation_id ?? null;
    let conversation = existingId ? await findProjectConversation(tx, report.projectId, existingId) : null;
    if (!conversation) {
      conversation = await openEmptyConversation(tx, {
        projectId: report.projectId,
        sessionId: report.sessionId,
        subject: replySubject(report),
      });
      await tx`UPDATE feedback_reports SET conversation_id = ${conversation.id} WHERE id = ${report.id}`;
    }
    const { message } = await addMessage(tx, conversation, {
      author: "staff",
      staffUserId: admin.user.id,
      name: reply.name,
      avatarUrl: reply.avatarUrl,
      text: reply.text,
      attachments: reply.attachments,
    });
    await recordChange(tx, admin.user.id, "feedback.reply", "feedback_report", report.id, {
      projectId: report.projectId,
      conversationId: conversation.id,
      messageId: message.id,
    });
    return { conversation, message };
  });
}
