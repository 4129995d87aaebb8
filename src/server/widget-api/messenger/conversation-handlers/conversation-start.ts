import type { SQL } from "bun";
import { StartConversationRequest } from "../../../../shared/conversations-api.ts";
import { findBot } from "../../../domain/bots/bots-repository.ts";
import { transcriptMessages } from "../../../domain/conversations/bot-transcript.ts";
import { subjectFrom } from "../../../domain/conversations/conversation-subject.ts";
import { startConversation } from "../../../domain/conversations/conversations-repository.ts";
import { autoAssignConversation } from "../../../domain/staff/round-robin.ts";
import { json } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import type { WidgetContext } from "../../widget-route.ts";
import type { ConversationStartLimiter } from "../conversation-start-limits.ts";
import { sessionOf } from "../route-context.ts";
import { emptyMessage, saysNothing, type VisitorConversations } from "./conversation-scope.ts";

/**
 * A new conversation with its opening message (after a bot's transcript, when it comes from a
 * handover), assigned round-robin in the same transaction where the project does.
 */
async function storeStart(
  sql: SQL,
  context: WidgetContext,
  sessionId: string,
  request: StartConversationRequest,
) {
  const { text, attachments = [], botId, transcript = [], collected = {}, subject } = request;
  // A bot that changed or went away since the visitor talked to it still hands over; what it said
  // is then kept only as the visitor reported it (bot-transcript.ts).
  const bot = botId ? await findBot(sql, context.project.id, botId) : null;
  return sql.begin(async (tx) => {
    const started = await startConversation(tx, {
      projectId: context.project.id,
      sessionId,
      subject: subject?.trim() || subjectFrom(text, attachments),
      botId: bot?.id ?? null,
      collected,
      transcript: transcriptMessages(transcript, bot),
      opening: { author: "visitor", text: text.trim(), attachments },
    });
    // The cached project says whether to, so a project without it pays no query.
    const assignee = context.project.autoAssign
      ? await autoAssignConversation(tx, context.project.id, started.conversation.id)
      : null;
    return { ...started, assignee };
  });
}

/**
 * `POST /conversations`: a new conversation with its opening message (also from a bot handover), a few
 * per session and address an hour; then the message and any round-robin assignment are announced.
 */
export function handleConversationStart(
  { sql, events, full }: VisitorConversations,
  starts: ConversationStartLimiter,
) {
  return async (context: WidgetContext): Promise<Response> => {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const body = await readJsonBody(context.request, StartConversationRequest);
    if (!body.ok) return body.response;
    if (saysNothing(body.value.text, body.value.attachments)) return emptyMessage();
    const refused = await starts.refuse(session.id, context.ip);
    if (refused) return refused;
    const { conversation, messages, assignee } = await storeStart(sql, context, session.id, body.value);
    const opening = messages.at(-1);
    if (opening) await events.emit("conversation.message", { conversation, message: opening });
    // Given out round robin in the transaction that stored it.
    const assignments = { newItemId: conversation.id };
    if (assignee) await events.emit("conversation.assigned", { conversation, assignee, assignments });
    return json(await full(conversation), { status: 201 });
  };
}
