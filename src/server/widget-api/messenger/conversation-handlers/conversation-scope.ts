import type { SQL } from "bun";
import type { Attachment, Conversation } from "../../../../shared/conversations-api.ts";
import {
  findSessionConversation,
  listMessages,
  type StoredConversation,
  visitorSummary,
} from "../../../domain/conversations/conversations-repository.ts";
import { visitorAssignee } from "../../../domain/conversations/visitor-assignee.ts";
import { jsonError } from "../../../http/json-response.ts";
import type { WidgetContext } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { sessionOf } from "../route-context.ts";

/** What the handlers of a visitor's conversations share: the session's own conversations, in full. */
export interface VisitorConversations {
  sql: SQL;
  events: WidgetRouteDeps["events"];
  /** The conversation as the visitor reads it: its summary, messages and assignee. */
  full(conversation: StoredConversation): Promise<Conversation>;
  /** The session's conversation of the path's share token; any other token is a 404. */
  load(context: WidgetContext): Promise<StoredConversation | Response>;
}

export function visitorConversations({ sql, events }: WidgetRouteDeps): VisitorConversations {
  return {
    sql,
    events,
    async full(conversation) {
      const [summary, messages, assignee] = await Promise.all([
        visitorSummary(sql, conversation),
        listMessages(sql, conversation.id),
        visitorAssignee(sql, conversation.id),
      ]);
      return { ...summary, messages, assignee };
    },
    async load(context) {
      const session = sessionOf(context);
      if (session instanceof Response) return session;
      const token = context.params.shareToken ?? "";
      return (
        (await findSessionConversation(sql, session.id, token)) ?? jsonError(404, `No conversation ${token}`)
      );
    },
  };
}

export const saysNothing = (text: string, attachments: Attachment[] | undefined) =>
  text.trim() === "" && (attachments?.length ?? 0) === 0;

export const emptyMessage = () => jsonError(400, "Write a message or attach a file", "text");
