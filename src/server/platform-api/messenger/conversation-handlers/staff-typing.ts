import { TypingRequest } from "../../../../shared/conversations-api.ts";
import { staffIdentity } from "../../../domain/staff/staff-identity.ts";
import { readBody } from "../../platform-request.ts";
import { type ConversationsAdminDeps, withConversation } from "./conversation-scope.ts";

/** `POST …/conversations/:id/typing`: a staff member typing, under the name the visitor sees. */
export function handleStaffTyping(deps: ConversationsAdminDeps) {
  const { sql, events } = deps;
  return withConversation(deps, async (request, conversation, admin) => {
    const body = await readBody(request, TypingRequest);
    if (!body.ok) return body.response;
    const typist = { kind: "staff", name: (await staffIdentity(sql, admin.user)).name } as const;
    await events.emit("conversation.typing", { conversation, typing: body.value.typing, typist });
    return new Response(null, { status: 204 });
  });
}
