import type { SQL } from "bun";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToSession } from "../../realtime/widget-socket.ts";
import { chatNotification } from "../conversations/chat-notification.ts";
import { countUnreadMessages } from "../conversations/conversations-repository.ts";
import { visitorAssignee } from "../conversations/visitor-assignee.ts";
import { countUnread, pushUnreadCount } from "../outbounds/outbound-delivery.ts";
import type { DomainEventMap, DomainListener, RecordedAssignments } from "./domain-events.ts";

export interface WidgetPushDeps {
  sql: SQL;
  fanout: Fanout;
}

/**
 * A new message: `conversation-message` with the session's unread count, and for staff and bot
 * messages an `update` with the badge count and the chat notification card (chat-notification.ts),
 * so the launcher's badge moves at once and a visitor with the messenger closed sees the reply.
 */
async function message(
  deps: WidgetPushDeps,
  { conversation, message }: DomainEventMap["conversation.message"],
) {
  const unread = await countUnreadMessages(deps.sql, conversation.sessionId);
  await pushToSession(deps.fanout, conversation.sessionId, {
    name: "conversation-message",
    data: { shareToken: conversation.shareToken, message, unread },
  });
  if (message.author === "visitor") return;
  await pushToSession(deps.fanout, conversation.sessionId, {
    name: "update",
    data: {
      a: [chatNotification(conversation.shareToken, message)],
      u: await countUnread(deps.sql, conversation.sessionId),
    },
  });
}

const recordsAny = (assignments: RecordedAssignments) =>
  "newItemId" in assignments || assignments.eventIds.length > 0;

/**
 * The visitor's messenger shows who answers now: the assignee after the commit, whoever it is, on the
 * session the conversation belongs to now (an identify may have merged it into another since).
 */
async function assigned(
  deps: WidgetPushDeps,
  { conversation, assignments }: DomainEventMap["conversation.assigned"],
) {
  if (!recordsAny(assignments)) return;
  const [row] =
    await deps.sql`SELECT session_id, share_token FROM conversations WHERE id = ${conversation.id}`;
  const current = row as { session_id: string; share_token: string } | undefined;
  if (!current) return;
  await pushToSession(deps.fanout, current.session_id, {
    name: "conversation-assignee",
    data: { shareToken: current.share_token, assignee: await visitorAssignee(deps.sql, conversation.id) },
  });
}

/**
 * The visitor's side of conversations: every push goes to all sockets of the conversation's session
 * through the fan-out, so it reaches them in whichever process holds them. A client that missed a
 * push reads the conversation when its socket reconnects.
 */
export function widgetPushListener(deps: WidgetPushDeps): DomainListener {
  return {
    name: "widget pushes",
    on: {
      "conversation.message": (event) => message(deps, event),
      "conversation.status": ({ conversation, status }) =>
        pushToSession(deps.fanout, conversation.sessionId, {
          name: "conversation-status",
          data: { shareToken: conversation.shareToken, status },
        }),
      // Staff typing, with the staff member's name; the visitor's own typing is for staff only.
      "conversation.typing": async ({ conversation, typing, typist }) => {
        if (typist.kind !== "staff") return;
        await pushToSession(deps.fanout, conversation.sessionId, {
          name: "conversation-typing",
          data: { shareToken: conversation.shareToken, typing, name: typist.name },
        });
      },
      // The badge of every tab goes down, to zero too.
      "conversation.read": async ({ conversation }) => {
        await pushUnreadCount(deps, conversation.sessionId, { evenWhenZero: true });
      },
      "conversation.assigned": (event) => assigned(deps, event),
    },
  };
}
