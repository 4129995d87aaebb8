import type { ReadAnswer } from "../../../../shared/conversations-api.ts";
import { countUnreadMessages, markRead } from "../../../domain/conversations/conversations-repository.ts";
import { json } from "../../../http/json-response.ts";
import type { WidgetContext } from "../../widget-route.ts";
import type { VisitorConversations } from "./conversation-scope.ts";

/** `POST …/{shareToken}/read`: the staff's messages read by the visitor; answers the unread count. */
export function handleConversationMarkRead({ sql, events, load }: VisitorConversations) {
  return async (context: WidgetContext): Promise<Response> => {
    const conversation = await load(context);
    if (conversation instanceof Response) return conversation;
    await markRead(sql, conversation.id, "visitor");
    const answer: ReadAnswer = { unread: await countUnreadMessages(sql, conversation.sessionId) };
    await events.emit("conversation.read", { conversation });
    return json(answer);
  };
}
