import { SendMessageRequest } from "../../../../shared/conversations-api.ts";
import { addMessage } from "../../../domain/conversations/conversations-repository.ts";
import { json } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import type { WidgetContext } from "../../widget-route.ts";
import { emptyMessage, saysNothing, type VisitorConversations } from "./conversation-scope.ts";

/** `POST …/{shareToken}/messages`: the visitor's message (reopening a closed conversation), announced. */
export function handleConversationSend({ sql, events, load }: VisitorConversations) {
  return async (context: WidgetContext): Promise<Response> => {
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
  };
}
