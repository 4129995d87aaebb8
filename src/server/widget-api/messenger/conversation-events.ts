import type { SQL } from "bun";
import type { ConversationMessage, ConversationStatus } from "../../../shared/messenger-api.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToSession, staffTopic } from "../../realtime/widget-socket.ts";
import { pushUnreadCount } from "../outbound/outbound-delivery.ts";
import { countUnreadMessages, type StoredConversation } from "./conversations-repository.ts";

/**
 * The realtime side of conversations: every push goes to all sockets of the conversation's session
 * through the fan-out (so it reaches them in whichever process holds them, Redis or not).
 *
 * Pushes follow a write that has committed. They are best effort: a push that fails is logged and the
 * request still succeeds, because the message is stored and the client would otherwise send it again;
 * a client that missed a push reads the conversation when its socket reconnects.
 */
export interface ConversationEventDeps {
  sql: SQL;
  fanout: Fanout;
  logger?: Logger;
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
 * messages a fresh `update` with the badge count, so the launcher's badge moves at once.
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
    if (message.author !== "visitor") await pushUnreadCount(deps, conversation.sessionId);
  });
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

/**
 * A visitor typing goes to the project's staff topic (the admin's realtime channel, a later issue,
 * subscribes to it); the conversation is named by id there, as the admin knows it.
 */
export async function announceVisitorTyping(
  deps: ConversationEventDeps,
  conversation: StoredConversation,
  typing: boolean,
): Promise<void> {
  await bestEffort(deps, "visitor typing", () =>
    deps.fanout.publish(
      staffTopic(conversation.projectId),
      JSON.stringify({
        name: "conversation-typing",
        data: { conversationId: conversation.id, shareToken: conversation.shareToken, typing, name: null },
      }),
    ),
  );
}
