import type {
  AdminConversation,
  AdminConversationSummary,
  ConversationMessage,
} from "../../shared/conversations-api.ts";
import type { StaffPush } from "../../shared/inbox-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { ConversationListQuery } from "./conversation-list-query.ts";

/**
 * How the inbox follows the staff socket without asking the server again: a pushed message moves its
 * conversation up with the new preview and unread count, a status change takes it out of a filtered
 * list. What the shown page cannot know (a conversation that is not on it: a new one, or one on
 * another page) asks for a quiet refetch instead.
 */

/** A pushed message (typed `unknown` on the wire), checked before it is shown; null when it is not one. */
export function asMessage(value: unknown): ConversationMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const message = value as Partial<ConversationMessage>;
  if (
    typeof message.id !== "string" ||
    typeof message.text !== "string" ||
    typeof message.createdAt !== "string" ||
    !["visitor", "staff", "bot"].includes(String(message.author))
  )
    return null;
  return {
    id: message.id,
    author: message.author as ConversationMessage["author"],
    name: typeof message.name === "string" ? message.name : null,
    avatarUrl: typeof message.avatarUrl === "string" ? message.avatarUrl : null,
    text: message.text,
    attachments: Array.isArray(message.attachments) ? message.attachments : [],
    createdAt: message.createdAt,
  };
}

type ListPush = Extract<StaffPush, { name: "conversation-message" | "conversation-status" }>;

/** What a push does to the list page on screen. */
export interface ListChange {
  page: ListPage<AdminConversationSummary>;
  /** The page cannot show the change by itself: ask the server again (quietly). */
  refetch: boolean;
}

/** The page without the row at `index`, which no longer fits its filters. */
function withoutRow(
  page: ListPage<AdminConversationSummary>,
  index: number,
): ListPage<AdminConversationSummary> {
  return { ...page, items: page.items.filter((_, at) => at !== index), total: Math.max(0, page.total - 1) };
}

function isListPush(push: StaffPush): push is ListPush {
  return push.name === "conversation-message" || push.name === "conversation-status";
}

export function listAfterPush(
  page: ListPage<AdminConversationSummary>,
  push: StaffPush,
  projectId: string,
  query: ConversationListQuery,
): ListChange {
  const unchanged = { page, refetch: false };
  if (push.name === "conversation-assigned" && push.data.projectId === projectId)
    return assignedInList(page, push.data, query);
  if (!isListPush(push) || push.data.projectId !== projectId) return unchanged;
  const index = page.items.findIndex((item) => item.id === push.data.conversationId);
  // Not on this page: only the first page can gain it (lists open newest first).
  if (index === -1) return { page, refetch: query.page === 1 };
  const current = page.items[index] as AdminConversationSummary;

  if (push.name === "conversation-status") {
    const status = push.data.status;
    if (query.status !== null && query.status !== status)
      return { page: withoutRow(page, index), refetch: false };
    const items = [...page.items];
    items[index] = { ...current, status };
    return { page: { ...page, items }, refetch: false };
  }

  const message = asMessage(push.data.message);
  const updated: AdminConversationSummary = {
    ...current,
    unread: push.data.unreadForStaff,
    lastMessage: message ?? current.lastMessage,
    updatedAt: message?.createdAt ?? current.updatedAt,
  };
  const items = page.items.filter((_, at) => at !== index);
  // Latest activity first: the conversation moves to the top; any other order keeps its place.
  const newestFirst = query.sort.field === "updatedAt" && query.sort.direction === "desc";
  if (newestFirst && query.page === 1) items.unshift(updated);
  else items.splice(index, 0, updated);
  return { page: { ...page, items }, refetch: false };
}

type Assigned = Extract<StaffPush, { name: "conversation-assigned" }>["data"];

/** Whether a conversation with this assignee belongs in a list filtered by `assigneeId` (empty: any). */
export function fitsAssignee(assignee: AdminConversationSummary["assignee"], assigneeId: string): boolean {
  if (assigneeId === "") return true;
  if (assigneeId === "none") return assignee === null;
  return assignee?.id === assigneeId;
}

/** A conversation given to someone: its row shows them, or leaves a list filtered by assignee it no longer fits. */
function assignedInList(
  page: ListPage<AdminConversationSummary>,
  change: Assigned,
  query: ConversationListQuery,
): ListChange {
  const index = page.items.findIndex((item) => item.id === change.conversationId);
  if (index === -1)
    return {
      page,
      refetch: query.page === 1 && query.assigneeId !== "" && fitsAssignee(change.assignee, query.assigneeId),
    };
  if (!fitsAssignee(change.assignee, query.assigneeId))
    return { page: withoutRow(page, index), refetch: false };
  const items = [...page.items];
  items[index] = { ...(items[index] as AdminConversationSummary), assignee: change.assignee };
  return { page: { ...page, items }, refetch: false };
}

/** Adds a message in its place (ids are UUIDv7: they sort as written); one already there is kept once. */
export function withMessage(
  conversation: AdminConversation,
  message: ConversationMessage,
): AdminConversation {
  if (conversation.messages.some((known) => known.id === message.id)) return conversation;
  const messages = [...conversation.messages, message].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const latest = messages.at(-1) ?? message;
  return { ...conversation, messages, lastMessage: latest, updatedAt: latest.createdAt };
}

/** The open conversation after a push about it (another conversation's pushes leave it as it is). */
export function conversationAfterPush(conversation: AdminConversation, push: StaffPush): AdminConversation {
  if (push.name === "conversation-assigned" && push.data.conversationId === conversation.id)
    return { ...conversation, assignee: push.data.assignee };
  if (!isListPush(push) || push.data.conversationId !== conversation.id) return conversation;
  if (push.name === "conversation-status") {
    const status = push.data.status;
    if (status === conversation.status) return conversation;
    return { ...conversation, status, closedAt: status === "closed" ? new Date().toISOString() : null };
  }
  const message = asMessage(push.data.message);
  const next = message ? withMessage(conversation, message) : conversation;
  // A visitor writing to a closed conversation reopens it (docs/admin.md).
  const reopened = message?.author === "visitor" && next.status === "closed";
  return {
    ...next,
    unread: push.data.unreadForStaff,
    ...(reopened ? { status: "open" as const, closedAt: null } : {}),
  };
}

/** Who is typing where: the conversations whose visitor is typing now, after a push. */
export function typingAfterPush(
  typing: ReadonlySet<string>,
  push: StaffPush,
  projectId: string,
): Set<string> {
  const next = new Set(typing);
  if (push.name === "conversation-typing" && push.data.projectId === projectId) {
    if (push.data.typing) next.add(push.data.conversationId);
    else next.delete(push.data.conversationId);
  }
  // A message ends the typing it came from.
  if (push.name === "conversation-message") {
    const author = asMessage(push.data.message)?.author;
    if (author === "visitor") next.delete(push.data.conversationId);
  }
  return next;
}
