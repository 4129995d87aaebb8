import {
  array,
  boolean,
  enums,
  type Infer,
  nullable,
  object,
  optional,
  record,
  size,
  string,
} from "superstruct";
import type { VisitorAssignee } from "./assignment-api.ts";
import { boundedText, WebUrl } from "./payload-text.ts";
import type { SearchMatch } from "./search-api.ts";

/**
 * The messenger's conversations: what the frame app reads and writes under `/api/widget` with the
 * session headers, and what the admin reads and writes under `/api/projects/{projectId}/…`. Staff and
 * bot messages travel as HTML, which every client sanitizes before showing it.
 *
 * Widget routes (session auth, JSON):
 *   GET  /conversations                       → ConversationSummary[] (newest first)
 *   POST /conversations                       StartConversationRequest → Conversation (201)
 *   GET  /conversations/{shareToken}          → Conversation (only the session's own; 404 otherwise)
 *   POST /conversations/{shareToken}/messages SendMessageRequest → ConversationMessage (201)
 *   POST /conversations/{shareToken}/read     → {unread} (the session's whole unread count)
 *   POST /conversations/{shareToken}/typing   TypingRequest → 204
 *
 * Websocket pushes (to every socket of the session, the frame's own included; types below):
 *   {name: "conversation-message", data: {shareToken, message: ConversationMessage, unread}}
 *   {name: "conversation-typing", data: {shareToken, typing, name}}
 *   {name: "conversation-status", data: {shareToken, status}}
 *   {name: "conversation-assignee", data: {shareToken, assignee: {name, avatarUrl} | null}}
 * and the loader's `{name: "update", data: {a, u}}`, whose `u` (the launcher badge) counts unread
 * notifications plus unread staff and bot messages; a staff reply and a `read` push a fresh one.
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   GET  conversations?status=open|closed                 → AdminConversationSummary list
 *   GET  conversations/{id}                               → AdminConversation
 *   POST conversations/{id}/messages   StaffReplyRequest  → ConversationMessage (201)
 *   POST conversations/{id}/read                          → {unread} (0: staff read everything)
 *   POST conversations/{id}/assign  ConversationAssignRequest → AdminConversation (audited; pushed as
 *        `conversation-assigned`); the list takes `assigneeId={admin id}|none`
 *   POST conversations/{id}/typing     TypingRequest      → 204
 *   POST conversations/{id}/close, /reopen                → AdminConversation
 */

export const conversationStatuses = ["open", "closed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const Attachment = object({
  /** A file uploaded through `POST /uploads/sdk` (its `fileUrl`), or any other http(s) URL. */
  url: WebUrl,
  name: boundedText(1, 255),
  type: boundedText(1, 100),
});
export type Attachment = Infer<typeof Attachment>;

export interface ConversationMessage {
  id: string;
  author: "visitor" | "staff" | "bot";
  /** The staff member's or the bot's name; null for the visitor. */
  name: string | null;
  avatarUrl: string | null;
  /** Plain text from visitors; HTML from staff and bots (sanitize before showing). */
  text: string;
  attachments: Attachment[];
  createdAt: string;
}

export interface ConversationSummary {
  shareToken: string;
  subject: string;
  status: ConversationStatus;
  lastMessage: ConversationMessage | null;
  /** Staff and bot messages the visitor has not read. */
  unread: number;
  updatedAt: string;
}

export interface Conversation extends ConversationSummary {
  messages: ConversationMessage[];
  /**
   * Who on the team answers it (display name and picture), or null while nobody is assigned. Added
   * beside Gleap's fields; optional so answers of servers without it stay valid.
   */
  assignee?: VisitorAssignee | null;
}

const messageText = boundedText(0, 10_000);

/**
 * Starts a conversation. `text` or `attachments` must say something (else 400, field `text`). Without a
 * `subject` the first line of the text is the subject. A bot handover sends the bot chat as `transcript`
 * (stored before `text`, read already) and what the bot collected.
 */
export const StartConversationRequest = object({
  subject: optional(boundedText(0, 200)),
  text: messageText,
  attachments: optional(size(array(Attachment), 0, 10)),
  /** The bot the visitor talked to before handing over, and what it collected. */
  botId: optional(nullable(boundedText(1, 128))),
  transcript: optional(size(array(object({ author: enums(["visitor", "bot"]), text: messageText })), 0, 100)),
  collected: optional(record(boundedText(1, 64), boundedText(0, 2000))),
});
export type StartConversationRequest = Infer<typeof StartConversationRequest>;

/** `text` or `attachments` must say something; a message to a closed conversation reopens it. */
export const SendMessageRequest = object({
  text: messageText,
  attachments: optional(size(array(Attachment), 0, 10)),
});
export type SendMessageRequest = Infer<typeof SendMessageRequest>;

export const TypingRequest = object({ typing: boolean() });
export type TypingRequest = Infer<typeof TypingRequest>;

/** `POST /conversations/{shareToken}/read`: staff and bot messages the session has not read, over all its conversations. */
export interface ReadAnswer {
  unread: number;
}

/** The pushes of the messenger (to every socket of the conversation's session). */
export interface ConversationMessagePush {
  name: "conversation-message";
  data: {
    shareToken: string;
    message: ConversationMessage;
    /** Unread staff and bot messages over every conversation of the session (as MessengerHome.unreadMessages). */
    unread: number;
  };
}

export interface ConversationTypingPush {
  name: "conversation-typing";
  /** `name`: who types (the staff member's name). */
  data: { shareToken: string; typing: boolean; name: string | null };
}

export interface ConversationStatusPush {
  name: "conversation-status";
  data: { shareToken: string; status: ConversationStatus };
}

/** The conversation was given to someone on the team, or to nobody: the messenger shows who answers. */
export interface ConversationAssigneePush {
  name: "conversation-assignee";
  data: { shareToken: string; assignee: VisitorAssignee | null };
}

export type MessengerPush =
  | ConversationMessagePush
  | ConversationTypingPush
  | ConversationStatusPush
  | ConversationAssigneePush;

/**
 * How a staff reply's text is written: `html` (the default, for clients written before formats existed) is
 * cleaned by the allow-list; `markdown` is the composers' small subset (bold, italic, links, lists;
 * src/server/domain/rich-text/reply-markdown.ts), turned into HTML on the server.
 */
export const ReplyFormat = enums(["html", "markdown"]);
export type ReplyFormat = Infer<typeof ReplyFormat>;

/**
 * A staff reply (admin API `POST /api/projects/{p}/conversations/{id}/messages`): text, attachments
 * (uploaded through `POST /api/projects/{p}/uploads`, staff-uploads-api.ts) or both.
 */
export const StaffReplyRequest = object({
  text: boundedText(0, 10_000),
  format: optional(ReplyFormat),
  attachments: optional(size(array(Attachment), 0, 10)),
});
export type StaffReplyRequest = Infer<typeof StaffReplyRequest>;

/**
 * Who works on a conversation (admin API `POST /api/projects/{p}/conversations/{id}/assign`): an
 * admin's user id, or null for nobody. Every open admin page hears it (`conversation-assigned`).
 */
export const ConversationAssignRequest = object({ assigneeId: nullable(size(string(), 1, 128)) });
export type ConversationAssignRequest = Infer<typeof ConversationAssignRequest>;

// ---------- admin answers (under /api/projects) ----------

export interface AdminConversationSummary {
  id: string;
  shareToken: string;
  subject: string;
  status: ConversationStatus;
  /** The visitor: their widget session and what it knows of them. */
  session: { id: string; userId: string | null; name: string | null; email: string | null };
  lastMessage: ConversationMessage | null;
  /** Visitor messages staff have not read. */
  unread: number;
  /** The admin working on it, or null. */
  assignee: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** In a list searched with `q`: where the conversation matched (search-api.ts). */
  match?: SearchMatch | null;
}

export interface AdminConversation extends AdminConversationSummary {
  botId: string | null;
  /** What a bot collected before the handover. */
  collected: Record<string, string>;
  messages: ConversationMessage[];
  /** The visitor's read mark: the id of the last message they have seen, or null. */
  visitorLastReadMessageId: string | null;
  closedAt: string | null;
}
