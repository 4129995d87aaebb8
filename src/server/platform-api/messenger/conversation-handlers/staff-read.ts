import type { ReadAnswer } from "../../../../shared/conversations-api.ts";
import { markRead, unreadIn } from "../../../domain/conversations/conversations-repository.ts";
import type { PlatformDeps } from "../../platform-deps.ts";
import { json } from "../../platform-request.ts";
import { withConversation } from "./conversation-scope.ts";

/** `POST …/conversations/:id/read`: staff read everything; answers what is still unread for staff. */
export function handleStaffRead(deps: Pick<PlatformDeps, "sql">) {
  const { sql } = deps;
  return withConversation(deps, async (_request, conversation) => {
    await markRead(sql, conversation.id, "staff");
    const answer: ReadAnswer = { unread: await unreadIn(sql, conversation.id, "staff") };
    return json(answer);
  });
}
