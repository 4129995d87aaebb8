import { TypingRequest } from "../../../../shared/conversations-api.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import type { WidgetContext } from "../../widget-route.ts";
import type { VisitorConversations } from "./conversation-scope.ts";

/** `POST …/{shareToken}/typing`: the visitor is (or stopped) typing, told to the staff. */
export function handleConversationTyping({ events, load }: VisitorConversations) {
  return async (context: WidgetContext): Promise<Response> => {
    const body = await readJsonBody(context.request, TypingRequest);
    if (!body.ok) return body.response;
    const conversation = await load(context);
    if (conversation instanceof Response) return conversation;
    const typist = { kind: "visitor" } as const;
    await events.emit("conversation.typing", { conversation, typing: body.value.typing, typist });
    return new Response(null, { status: 204 });
  };
}
