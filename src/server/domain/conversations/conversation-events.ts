import type { SQL } from "bun";
import type { ConversationMessage, ConversationStatus } from "../../../shared/messenger-api.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff } from "../../realtime/staff-socket.ts";
import { pushToSession } from "../../realtime/widget-socket.ts";
import { countUnread, pushUnreadCount } from "../outbounds/outbound-delivery.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import { chatNotification } from "./chat-notification.ts";
import { countUnreadMessages, type StoredConversation, unreadIn } from "./conversations-repository.ts";

/**
 * The realtime side of conversations: every push goes to all sockets of the conversation's session
 * through the fan-out (so it reaches them in whichever process holds them, Redis or not).
 *
 * Staff hear every conversation of every project on their own topic (staff-socket.ts), named by id
 * as the admin knows it.
 *
 * Pushes follow a write that has committed. They are best effort: a push that fails is logged and the
 * request still succeeds, because the message is stored and the client would otherwise send it again;
 * a client that missed a push reads the conversation when its socket reconnects.
 */
export interface ConversationEventDeps {
  sql: SQL;
  fanout: Fanout;
  logger?: Logger;
  /** The projects' webhooks hear of visitors' and staff's messages. */
  webhooks?: WebhookEvents;
}

async function bestEffort(deps: ConversationEventDeps, what: string, push: () => Promise<unknown>) {
  try {
    await push();
  } catch (error) {
    deps.logger?.warn(`${what} push failed`, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * A new message: `conversation-message` with the session's unread count, and for staff and bot
 * messages an `update` with the badge count and the chat notification card (chat-notification.ts),
 * so the launcher's badge moves at once and a visitor with the messenger closed sees the reply.
 * Staff get the message too, with the visitor messages they have not read (another admin's reply
 * shows up as well).
 */
export async function announceMessage(
  deps: ConversationEventDeps,
  conversation: StoredConversation,
  message: ConversationMessage,
): Promise<void> {
  await bestEffort(deps, "conversation-message", async () => {
    const unread = await countUnreadMessages(deps.sql, conversation.sessionId);
    await pushToSession(deps.fanout, conversation.sessionId, {
      name: "conversation-message",
      data: { shareToken: conversation.shareToken, message, unread },
    });
    // Staff and bot messages: the badge moves, and while the messenger is closed the chat card shows.
    if (message.author !== "visitor")
      await pushToSession(deps.fanout, conversation.sessionId, {
        name: "update",
        data: {
          a: [chatNotification(conversation.shareToken, message)],
          u: await countUnread(deps.sql, conversation.sessionId),
        },
      });
  });
  await bestEffort(deps, "staff conversation-message", async () =>
    pushToStaff(deps.fanout, {
      name: "conversation-message",
      data: {
        conversationId: conversation.id,
        projectId: conversation.projectId,
        message,
        unreadForStaff: await unreadIn(deps.sql, conversation.id, "staff"),
      },
    }),
  );
  // People's messages only: a bot's are the product talking to itself.
  if (message.author !== "bot")
    await deps.webhooks?.emit(conversation.projectId, "conversation.message", () => ({
      conversation: {
        id: conversation.id,
        projectId: conversation.projectId,
        subject: conversation.subject,
        status: conversation.status,
      },
      message,
    }));
}

/** After the visitor read a conversation: the badge of every tab goes down. */
export async function announceUnreadCount(deps: ConversationEventDeps, sessionId: string): Promise<void> {
  await bestEffort(deps, "unread count", () => pushUnreadCount(deps, sessionId, { evenWhenZero: true }));
}

export async function announceStatus(
  deps: ConversationEventDeps,
  conversation: StoredConversation,
  status: ConversationStatus,
): Promise<void> {
  await bestEffort(deps, "conversation-status", () =>
    pushToSession(deps.fanout, conversation.sessionId, {
      name: "conversation-status",
      data: { shareToken: conversation.shareToken, status },
    }),
  );
  await bestEffort(deps, "staff conversation-status", () =>
    pushToStaff(deps.fanout, {
      name: "conversation-status",
      data: { conversationId: conversation.id, projectId: conversation.projectId, status },
    }),
  );
}

/** Staff typing: the visitor's sockets hear it, with the staff member's name. */
export async function announceStaffTyping(
  deps: ConversationEventDeps,
  conversation: StoredConversation,
  typing: boolean,
  name: string | null,
): Promise<void> {
  await bestEffort(deps, "conversation-typing", () =>
    pushToSession(deps.fanout, conversation.sessionId, {
      name: "conversation-typing",
      data: { shareToken: conversation.shareToken, typing, name },
    }),
  );
}

/** A visitor typing goes to the staff sockets only; the conversation is named by id there. */
export async function announceVisitorTyping(
  deps: ConversationEventDeps,
  conversation: StoredConversation,
  typing: boolean,
): Promise<void> {
  await bestEffort(deps, "visitor typing", () =>
    pushToStaff(deps.fanout, {
      name: "conversation-typing",
      data: { conversationId: conversation.id, projectId: conversation.projectId, typing },
    }),
  );
}

/** A conversation was given to an admin or to nobody: every admin page shows it. */
export async function announceAssignee(
  deps: ConversationEventDeps,
  conversation: StoredConversation,
  assignee: { id: string; name: string } | null,
): Promise<void> {
  await bestEffort(deps, "conversation-assigned", () =>
    pushToStaff(deps.fanout, {
      name: "conversation-assigned",
      data: { conversationId: conversation.id, projectId: conversation.projectId, assignee },
    }),
  );
}
