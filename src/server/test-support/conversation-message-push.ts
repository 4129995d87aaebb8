import type { ConversationMessage, ConversationMessagePush } from "../../shared/conversations-api.ts";

/** The push a visitor's widget socket gets for a new message in one of its conversations, as a test expects it. */
export const conversationMessagePush = (
  shareToken: string,
  message: ConversationMessage,
  unread: number,
): ConversationMessagePush => ({ name: "conversation-message", data: { shareToken, message, unread } });
