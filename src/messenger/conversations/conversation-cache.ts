import type { VisitorAssignee } from "../../shared/assignment-api.ts";
import type {
  Conversation,
  ConversationMessage,
  ConversationStatus,
  ConversationSummary,
} from "../../shared/conversations-api.ts";
import type { QueryCache } from "../shell/query-cache.ts";
import { path } from "../shell/shell-api.ts";

/**
 * What the conversation screens write into the shell's answer cache, so every screen that shows a
 * conversation (the list, the home card, the conversation itself) agrees at once: a message that
 * arrived (by push or as the answer to a send), a new status, read marks.
 */
export const conversationPath = (shareToken: string) => path`/conversations/${shareToken}`;

/** The conversation with a message added in id order (ids are UUIDv7: they sort as written), once. */
export function withMessage(conversation: Conversation, message: ConversationMessage): Conversation {
  if (conversation.messages.some((known) => known.id === message.id)) return conversation;
  const messages = [...conversation.messages, message];
  const lastIndex = messages.length - 2;
  if (lastIndex >= 0 && (messages[lastIndex] as ConversationMessage).id > message.id)
    messages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const newest = messages[messages.length - 1] ?? null;
  return {
    ...conversation,
    messages,
    lastMessage: newest,
    updatedAt:
      newest && newest.createdAt > conversation.updatedAt ? newest.createdAt : conversation.updatedAt,
  };
}

function update<T>(queries: QueryCache, target: string, change: (data: T) => T) {
  const state = queries.read<T>(target);
  if (state.status !== "ready") return;
  const next = change(state.data);
  if (next !== state.data) queries.set(target, next);
}

export function addMessageToCache(queries: QueryCache, shareToken: string, message: ConversationMessage) {
  update<Conversation>(queries, conversationPath(shareToken), (conversation) =>
    withMessage(conversation, message),
  );
}

export function setStatusInCache(queries: QueryCache, shareToken: string, status: ConversationStatus) {
  update<Conversation>(queries, conversationPath(shareToken), (conversation) =>
    conversation.status === status ? conversation : { ...conversation, status },
  );
  update<ConversationSummary[]>(queries, "/conversations", (list) =>
    list.some((item) => item.shareToken === shareToken && item.status !== status)
      ? list.map((item) => (item.shareToken === shareToken ? { ...item, status } : item))
      : list,
  );
}

/** After `POST …/read`: nothing of this conversation is unread any more. */
export function markReadInCache(queries: QueryCache, shareToken: string) {
  update<Conversation>(queries, conversationPath(shareToken), (conversation) =>
    conversation.unread === 0 ? conversation : { ...conversation, unread: 0 },
  );
  update<ConversationSummary[]>(queries, "/conversations", (list) =>
    list.some((item) => item.shareToken === shareToken && item.unread > 0)
      ? list.map((item) => (item.shareToken === shareToken ? { ...item, unread: 0 } : item))
      : list,
  );
}

/** The newest staff or bot message id of a conversation ("" when there is none). */
export function newestOtherId(conversation: Conversation): string {
  for (let index = conversation.messages.length - 1; index >= 0; index--) {
    const message = conversation.messages[index] as ConversationMessage;
    if (message.author !== "visitor") return message.id;
  }
  return "";
}

/**
 * Who answers, as a push told it: a name, and a picture only when it is an http(s) address (anything
 * else shows the initials). Null for nobody, and for a push that is not one.
 */
export function readAssignee(value: unknown): VisitorAssignee | null {
  if (typeof value !== "object" || value === null) return null;
  const { name, avatarUrl } = value as { name?: unknown; avatarUrl?: unknown };
  if (typeof name !== "string" || name.trim() === "") return null;
  const picture = typeof avatarUrl === "string" && /^https?:\/\//i.test(avatarUrl) ? avatarUrl : null;
  return { name: name.trim(), avatarUrl: picture };
}

/** The conversation's answerer changed (`conversation-assignee`). */
export function setAssigneeInCache(
  queries: QueryCache,
  shareToken: string,
  assignee: VisitorAssignee | null,
) {
  update<Conversation>(queries, conversationPath(shareToken), (conversation) =>
    (conversation.assignee ?? null)?.name === assignee?.name &&
    (conversation.assignee ?? null)?.avatarUrl === assignee?.avatarUrl
      ? conversation
      : { ...conversation, assignee },
  );
}
