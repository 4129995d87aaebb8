import type { SQL } from "bun";
import {
  type Attachment,
  type Conversation,
  type ReadAnswer,
  SendMessageRequest,
  StartConversationRequest,
  TypingRequest,
} from "../../../shared/conversations-api.ts";
import { findBot } from "../../domain/bots/bots-repository.ts";
import { transcriptMessages } from "../../domain/conversations/bot-transcript.ts";
import { subjectFrom } from "../../domain/conversations/conversation-subject.ts";
import {
  addMessage,
  countUnreadMessages,
  findSessionConversation,
  listMessages,
  listSessionConversations,
  markRead,
  type StoredConversation,
  startConversation,
  visitorSummary,
} from "../../domain/conversations/conversations-repository.ts";
import { visitorAssignee } from "../../domain/conversations/visitor-assignee.ts";
import { autoAssignConversation } from "../../domain/staff/round-robin.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import { createSharedRateLimiter } from "../../shared-rate-limiter.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { createConversationStartLimiter } from "./conversation-start-limits.ts";
import { sessionOf } from "./route-context.ts";

const base = "/api/widget/conversations";

const saysNothing = (text: string, attachments: Attachment[] | undefined) =>
  text.trim() === "" && (attachments?.length ?? 0) === 0;

const emptyMessage = () => jsonError(400, "Write a message or attach a file", "text");

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
 * The visitor's conversations: list, start (also from a bot handover; a few per session and address
 * an hour), read, send, mark read and typing. A session only ever reaches its own conversations; any
 * other share token is a 404.
 */
export function conversationsRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const { sql, events } = deps;
  const starts = createConversationStartLimiter(createSharedRateLimiter(sql), deps.conversationStarts);
  const missing = (token: string) => jsonError(404, `No conversation ${token}`);

  async function full(conversation: StoredConversation): Promise<Conversation> {
    const [summary, messages, assignee] = await Promise.all([
      visitorSummary(sql, conversation),
      listMessages(sql, conversation.id),
      visitorAssignee(sql, conversation.id),
    ]);
    return { ...summary, messages, assignee };
  }

  async function list(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    return json(await listSessionConversations(sql, session.id));
  }

  async function start(context: WidgetContext): Promise<Response> {
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
  }

  async function load(context: WidgetContext): Promise<StoredConversation | Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const token = context.params.shareToken ?? "";
    return (await findSessionConversation(sql, session.id, token)) ?? missing(token);
  }

  async function read(context: WidgetContext): Promise<Response> {
    const conversation = await load(context);
    if (conversation instanceof Response) return conversation;
    return json(await full(conversation));
  }

  async function send(context: WidgetContext): Promise<Response> {
    const body = await readJsonBody(context.request, SendMessageRequest);
    if (!body.ok) return body.response;
    if (saysNothing(body.value.text, body.value.attachments)) return emptyMessage();
    const conversation = await load(context);
    if (conversation instanceof Response) return conversation;
    const { message, reopened } = await sql.begin((tx) =>
      addMessage(tx, conversation, {
        author: "visitor",
        text: body.value.text.trim(),
        attachments: body.value.attachments ?? [],
      }),
    );
    if (reopened) await events.emit("conversation.status", { conversation, status: "open" });
    await events.emit("conversation.message", { conversation, message });
    return json(message, { status: 201 });
  }

  async function markAsRead(context: WidgetContext): Promise<Response> {
    const conversation = await load(context);
    if (conversation instanceof Response) return conversation;
    await markRead(sql, conversation.id, "visitor");
    const answer: ReadAnswer = { unread: await countUnreadMessages(sql, conversation.sessionId) };
    await events.emit("conversation.read", { conversation });
    return json(answer);
  }

  async function typing(context: WidgetContext): Promise<Response> {
    const body = await readJsonBody(context.request, TypingRequest);
    if (!body.ok) return body.response;
    const conversation = await load(context);
    if (conversation instanceof Response) return conversation;
    const typist = { kind: "visitor" } as const;
    await events.emit("conversation.typing", { conversation, typing: body.value.typing, typist });
    return new Response(null, { status: 204 });
  }

  return [
    { method: "GET", pattern: base, auth: "session", handle: list },
    { method: "POST", pattern: base, auth: "session", handle: start },
    { method: "GET", pattern: `${base}/:shareToken`, auth: "session", handle: read },
    { method: "POST", pattern: `${base}/:shareToken/messages`, auth: "session", handle: send },
    { method: "POST", pattern: `${base}/:shareToken/read`, auth: "session", handle: markAsRead },
    { method: "POST", pattern: `${base}/:shareToken/typing`, auth: "session", handle: typing },
  ];
}
