import { listSessionConversations } from "../../domain/conversations/conversations-repository.ts";
import { json } from "../../http/json-response.ts";
import { createSharedRateLimiter } from "../../shared-rate-limiter.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { handleConversationMarkRead } from "./conversation-handlers/conversation-mark-read.ts";
import { visitorConversations } from "./conversation-handlers/conversation-scope.ts";
import { handleConversationSend } from "./conversation-handlers/conversation-send.ts";
import { handleConversationStart } from "./conversation-handlers/conversation-start.ts";
import { handleConversationTyping } from "./conversation-handlers/conversation-typing.ts";
import { createConversationStartLimiter } from "./conversation-start-limits.ts";
import { sessionOf } from "./route-context.ts";

const base = "/api/widget/conversations";

/**
 * The visitor's conversations: list, start (also from a bot handover; a few per session and address
 * an hour), read, send, mark read and typing. A session only ever reaches its own conversations; any
 * other share token is a 404. Each longer handler in conversation-handlers/.
 */
export function conversationsRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const conversations = visitorConversations(deps);
  const starts = createConversationStartLimiter(createSharedRateLimiter(deps.sql), deps.conversationStarts);

  async function list(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    return json(await listSessionConversations(deps.sql, session.id));
  }

  async function read(context: WidgetContext): Promise<Response> {
    const conversation = await conversations.load(context);
    if (conversation instanceof Response) return conversation;
    return json(await conversations.full(conversation));
  }

  const start = handleConversationStart(conversations, starts);
  const send = handleConversationSend(conversations);
  const markAsRead = handleConversationMarkRead(conversations);
  const typing = handleConversationTyping(conversations);
  return [
    { method: "GET", pattern: base, auth: "session", handle: list },
    { method: "POST", pattern: base, auth: "session", handle: start },
    { method: "GET", pattern: `${base}/:shareToken`, auth: "session", handle: read },
    { method: "POST", pattern: `${base}/:shareToken/messages`, auth: "session", handle: send },
    { method: "POST", pattern: `${base}/:shareToken/read`, auth: "session", handle: markAsRead },
    { method: "POST", pattern: `${base}/:shareToken/typing`, auth: "session", handle: typing },
  ];
}
