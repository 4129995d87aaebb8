import type { SQL } from "bun";
import type {
  AdminConversationSummary,
  Attachment,
  ConversationMessage,
  ConversationStatus,
  ConversationSummary,
} from "../../../shared/conversations-api.ts";
import { randomBytes } from "../../auth/native-crypto.ts";
import { containsPattern, type ListQuery, listPage } from "../../http/list-query.ts";
import { findProjectRecord } from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import { nowIso, parseJson, textKey, toCount } from "../repository-helpers.ts";
import { appendMessageToDocuments, insertConversationDocuments } from "../search/search-documents.ts";
import { keyValueText, messageSearchText, searchTextLimits } from "../search/search-text.ts";

/**
 * Conversations (conversations), their messages (conversation_messages) and read marks
 * (conversation_read_marks). Message ids are UUIDv7, so they sort in the order they were written; a
 * read mark is the id of the last message its reader has seen, and "unread" is every message of the
 * other side with a greater id. Visitors read staff and bot messages; staff read visitor messages.
 */

export type Author = ConversationMessage["author"];
export type Reader = "visitor" | "staff";

export interface StoredConversation {
  id: string;
  projectId: string;
  sessionId: string;
  shareToken: string;
  subject: string;
  status: ConversationStatus;
  botId: string | null;
  collected: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

interface ConversationRow extends RecordRow {
  project_id: string;
  session_id: string;
  share_token: string;
  subject: string;
  status: string;
  bot_id: string | null;
  collected: string;
  closed_at: string | null;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  author: string;
  author_name: string | null;
  avatar_url: string | null;
  text: string;
  attachments: string;
  created_at: string;
}

const conversationColumns =
  "id project_id session_id share_token subject status bot_id collected created_at updated_at closed_at";

function conversationFromRow(row: ConversationRow): StoredConversation {
  return {
    ...rowFields(row, conversationColumns),
    status: row.status === "closed" ? "closed" : "open",
    collected: parseJson<Record<string, string>>(row.collected, {}),
  };
}

function messageFromRow(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    author: row.author === "staff" || row.author === "bot" ? row.author : "visitor",
    name: row.author === "visitor" ? null : row.author_name,
    avatarUrl: row.avatar_url,
    text: row.text,
    attachments: parseJson<Attachment[]>(row.attachments, []),
    createdAt: row.created_at,
  };
}

/** 32 random bytes, URL-safe: the name a widget knows a conversation by, which nobody can guess. */
export const newShareToken = (): string => randomBytes(32).toString("base64url");

/** The messages of the other side, as seen from `reader`. */
const othersOf = (reader: Reader) => (reader === "visitor" ? "author <> 'visitor'" : "author = 'visitor'");

/** SQL for the unread count of conversation `c` for `reader`. */
export const unreadOf = (reader: Reader) =>
  `(SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id AND m.${othersOf(reader)}
    AND m.id > COALESCE((SELECT r.last_read_message_id FROM conversation_read_marks r
      WHERE r.conversation_id = c.id AND r.reader = '${reader}'), ''))`;

export async function findSessionConversation(
  sql: SQL,
  sessionId: string,
  shareToken: string,
): Promise<StoredConversation | null> {
  const [row] =
    await sql`SELECT * FROM conversations WHERE share_token = ${shareToken} AND session_id = ${sessionId}`;
  return row ? conversationFromRow(row as ConversationRow) : null;
}

export async function findProjectConversation(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<StoredConversation | null> {
  return findProjectRecord(sql, "conversations", { projectId, id }, conversationFromRow);
}

/** Messages of a conversation, oldest first (the newest 1,000). */
export async function listMessages(sql: SQL, conversationId: string): Promise<ConversationMessage[]> {
  const rows =
    await sql`SELECT * FROM (SELECT * FROM conversation_messages WHERE conversation_id = ${conversationId}
    ORDER BY id DESC LIMIT 1000) newest ORDER BY id`;
  return (rows as MessageRow[]).map(messageFromRow);
}

/** The newest message of each conversation. */
async function lastMessages(sql: SQL, conversationIds: string[]): Promise<Map<string, ConversationMessage>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await sql`SELECT m.* FROM conversation_messages m WHERE m.id IN (
      SELECT max(id) FROM conversation_messages WHERE conversation_id IN ${sql(conversationIds)}
      GROUP BY conversation_id)`;
  return new Map((rows as MessageRow[]).map((row) => [row.conversation_id, messageFromRow(row)]));
}

function summaryOf(
  conversation: StoredConversation,
  lastMessage: ConversationMessage | null,
  unread: number,
): ConversationSummary {
  return {
    shareToken: conversation.shareToken,
    subject: conversation.subject,
    status: conversation.status,
    lastMessage,
    unread,
    updatedAt: conversation.updatedAt,
  };
}

/** A session's conversations, newest activity first (at most 100), with their unread counts. */
export async function listSessionConversations(
  sql: SQL,
  sessionId: string,
  options: { status?: ConversationStatus; limit?: number } = {},
): Promise<ConversationSummary[]> {
  const status = options.status ? sql`AND c.status = ${options.status}` : sql``;
  const rows = await sql`SELECT c.*, ${sql.unsafe(unreadOf("visitor"))} AS unread FROM conversations c
    WHERE c.session_id = ${sessionId} ${status}
    ORDER BY c.updated_at DESC, c.id DESC LIMIT ${options.limit ?? 100}`;
  const conversations = (rows as Array<ConversationRow & { unread: unknown }>).map((row) => ({
    conversation: conversationFromRow(row),
    unread: toCount(row.unread),
  }));
  const last = await lastMessages(
    sql,
    conversations.map(({ conversation }) => conversation.id),
  );
  return conversations.map(({ conversation, unread }) =>
    summaryOf(conversation, last.get(conversation.id) ?? null, unread),
  );
}

/** One conversation's summary for the visitor. */
export async function visitorSummary(
  sql: SQL,
  conversation: StoredConversation,
): Promise<ConversationSummary> {
  const last = await lastMessages(sql, [conversation.id]);
  return summaryOf(
    conversation,
    last.get(conversation.id) ?? null,
    await unreadIn(sql, conversation.id, "visitor"),
  );
}

export async function unreadIn(sql: SQL, conversationId: string, reader: Reader): Promise<number> {
  const [row] = await sql`SELECT ${sql.unsafe(unreadOf(reader))} AS unread FROM conversations c
    WHERE c.id = ${conversationId}`;
  return toCount((row as { unread?: unknown } | undefined)?.unread);
}

/** Staff and bot messages a session has not read, over all its conversations. */
export async function countUnreadMessages(sql: SQL, sessionId: string): Promise<number> {
  const [row] = await sql`SELECT count(*) AS unread FROM conversation_messages m
    JOIN conversations c ON c.id = m.conversation_id
    LEFT JOIN conversation_read_marks r ON r.conversation_id = c.id AND r.reader = ${"visitor"}
    WHERE c.session_id = ${sessionId} AND m.author <> ${"visitor"}
      AND m.id > COALESCE(r.last_read_message_id, ${""})`;
  return toCount((row as { unread?: unknown } | undefined)?.unread);
}

export interface NewMessage {
  author: Author;
  staffUserId?: string | null;
  name?: string | null;
  avatarUrl?: string | null;
  text: string;
  attachments?: Attachment[];
  /** The demo seed names and dates its messages (ids in the same order); everything else is written now. */
  id?: string;
  createdAt?: string;
}

async function insertMessage(
  sql: SQL,
  conversationId: string,
  message: NewMessage,
): Promise<ConversationMessage> {
  const [row] = await sql`INSERT INTO conversation_messages ${sql({
    id: message.id ?? Bun.randomUUIDv7(),
    conversation_id: conversationId,
    author: message.author,
    staff_user_id: message.staffUserId ?? null,
    author_name: message.author === "visitor" ? null : (message.name ?? null),
    avatar_url: message.avatarUrl ?? null,
    text: message.text,
    attachments: JSON.stringify(message.attachments ?? []),
    created_at: message.createdAt ?? nowIso(),
  })} RETURNING *`;
  // Searchable as soon as it is written (migration 040): its conversation's and reports' documents.
  await appendMessageToDocuments(sql, conversationId, messageSearchText(message));
  return messageFromRow(row as MessageRow);
}

/** Moves `reader`'s mark to `messageId` unless it is past it already (marks never move back). */
async function moveReadMark(
  sql: SQL,
  conversationId: string,
  reader: Reader,
  messageId: string,
): Promise<void> {
  await sql`INSERT INTO conversation_read_marks (conversation_id, reader, last_read_message_id, read_at)
    VALUES (${conversationId}, ${reader}, ${messageId}, ${nowIso()})
    ON CONFLICT (conversation_id, reader) DO UPDATE
      SET last_read_message_id = excluded.last_read_message_id, read_at = excluded.read_at
      WHERE excluded.last_read_message_id > conversation_read_marks.last_read_message_id`;
}

/** Marks every message so far as read by `reader`. */
export async function markRead(sql: SQL, conversationId: string, reader: Reader): Promise<void> {
  const [row] =
    await sql`SELECT max(id) AS last FROM conversation_messages WHERE conversation_id = ${conversationId}`;
  const last = (row as { last: string | null } | undefined)?.last;
  if (last) await moveReadMark(sql, conversationId, reader, last);
}

export async function readMark(sql: SQL, conversationId: string, reader: Reader): Promise<string | null> {
  const [row] = await sql`SELECT last_read_message_id FROM conversation_read_marks
    WHERE conversation_id = ${conversationId} AND reader = ${reader}`;
  return (row as { last_read_message_id: string } | undefined)?.last_read_message_id ?? null;
}

export interface StartInput {
  projectId: string;
  sessionId: string;
  subject: string;
  botId: string | null;
  collected: Record<string, string>;
  /** Written first and counted as read by the visitor: the bot chat before a handover. */
  transcript: NewMessage[];
  opening: NewMessage;
  /** The demo seed names and dates its conversation. */
  id?: string;
  shareToken?: string;
  createdAt?: string;
}

/** Creates a conversation with its transcript and opening message; call it in a transaction. */
export async function startConversation(
  tx: SQL,
  input: StartInput,
): Promise<{ conversation: StoredConversation; messages: ConversationMessage[] }> {
  const now = input.createdAt ?? nowIso();
  const [row] = await tx`INSERT INTO conversations ${tx({
    id: input.id ?? Bun.randomUUIDv7(),
    project_id: input.projectId,
    session_id: input.sessionId,
    share_token: input.shareToken ?? newShareToken(),
    subject: input.subject,
    subject_key: textKey(input.subject),
    status: "open",
    bot_id: input.botId,
    collected: JSON.stringify(input.collected),
    created_at: now,
    updated_at: input.opening.createdAt ?? now,
    closed_at: null,
  })} RETURNING *`;
  const conversation = conversationFromRow(row as ConversationRow);
  await insertConversationDocuments(tx, [
    {
      conversationId: conversation.id,
      collected: keyValueText(input.collected, searchTextLimits.collected),
      messages: "",
    },
  ]);
  const messages: ConversationMessage[] = [];
  for (const message of [...input.transcript, input.opening]) {
    messages.push(await insertMessage(tx, conversation.id, message));
  }
  // The visitor wrote or saw every one of these messages.
  const last = messages.at(-1);
  if (last) await moveReadMark(tx, conversation.id, "visitor", last.id);
  return { conversation, messages };
}

/**
 * Creates a conversation with no message yet, for staff who write first (a reply to a feedback
 * report); call it in a transaction with the first message, so nobody sees it empty.
 */
export async function openEmptyConversation(
  tx: SQL,
  input: { projectId: string; sessionId: string; subject: string },
): Promise<StoredConversation> {
  const now = nowIso();
  const [row] = await tx`INSERT INTO conversations ${tx({
    id: Bun.randomUUIDv7(),
    project_id: input.projectId,
    session_id: input.sessionId,
    share_token: newShareToken(),
    subject: input.subject,
    subject_key: textKey(input.subject),
    status: "open",
    bot_id: null,
    collected: "{}",
    created_at: now,
    updated_at: now,
    closed_at: null,
  })} RETURNING *`;
  const conversation = conversationFromRow(row as ConversationRow);
  await insertConversationDocuments(tx, [{ conversationId: conversation.id, collected: "", messages: "" }]);
  return conversation;
}

/**
 * Adds a message and moves the conversation's activity date; call it in a transaction. A visitor
 * writing to a closed conversation reopens it (`reopened`). A staff reply marks the visitor messages
 * before it as read by staff (whoever answers has read the question).
 */
export async function addMessage(
  tx: SQL,
  conversation: StoredConversation,
  message: NewMessage,
): Promise<{ message: ConversationMessage; reopened: boolean }> {
  const stored = await insertMessage(tx, conversation.id, message);
  const reopened =
    message.author === "visitor" &&
    (
      await tx`UPDATE conversations SET status = ${"open"}, closed_at = NULL
        WHERE id = ${conversation.id} AND status = ${"closed"} RETURNING id`
    ).length > 0;
  await tx`UPDATE conversations SET updated_at = ${stored.createdAt} WHERE id = ${conversation.id}`;
  if (message.author === "staff") await moveReadMark(tx, conversation.id, "staff", stored.id);
  return { message: stored, reopened };
}

/** Opens or closes a conversation; false when it had that status already. */
export async function setConversationStatus(
  sql: SQL,
  conversationId: string,
  status: ConversationStatus,
): Promise<boolean> {
  const now = nowIso();
  const updated = await sql`UPDATE conversations
    SET status = ${status}, closed_at = ${status === "closed" ? now : null}, updated_at = ${now}
    WHERE id = ${conversationId} AND status <> ${status} RETURNING id`;
  return updated.length > 0;
}

// ---------- the admin's list ----------

interface AdminRow extends ConversationRow {
  unread: unknown;
  session_user_id: string | null;
  session_name: string | null;
  session_email: string | null;
  assignee_user_id: string | null;
  assignee_name: string | null;
}

const assigneeOf = (row: AdminRow): AdminConversationSummary["assignee"] =>
  row.assignee_user_id && row.assignee_name !== null
    ? { id: row.assignee_user_id, name: row.assignee_name }
    : null;

export function adminSummaryOf(
  conversation: StoredConversation,
  session: AdminConversationSummary["session"],
  lastMessage: ConversationMessage | null,
  unread: number,
  assignee: AdminConversationSummary["assignee"],
): AdminConversationSummary {
  return {
    id: conversation.id,
    shareToken: conversation.shareToken,
    subject: conversation.subject,
    status: conversation.status,
    session,
    lastMessage,
    unread,
    assignee,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
  };
}

export const conversationSortColumns: Record<string, string> = {
  updatedAt: "c.updated_at",
  createdAt: "c.created_at",
  subject: "c.subject_key",
  status: "c.status",
  unread: "unread",
  // `relevance` ranks a search (ranksByRelevance); a list without one shows the latest activity first.
  relevance: "c.updated_at",
};

const adminSelect = `c.*, ${unreadOf("staff")} AS unread, s.user_id AS session_user_id, s.name AS session_name,
  s.email AS session_email, a.id AS assignee_user_id, COALESCE(a.display_name, a.name) AS assignee_name`;

/** The admin views' tables: the conversation, its visitor's session, its assignee. */
const adminFrom = `conversations c JOIN widget_sessions s ON s.id = c.session_id
  LEFT JOIN users a ON a.id = c.assignee_id`;

const sessionOf = (row: AdminRow) => ({
  id: row.session_id,
  userId: row.session_user_id,
  name: row.session_name,
  email: row.session_email,
});

/** The filters of the admin's list (`status`, `sessionId`, `assigneeId`, `none` for nobody's) on `c`. */
export function conversationConditions(
  sql: SQL,
  projectId: string,
  params: URLSearchParams,
): Array<SQL.Query<unknown>> {
  const where = [sql`c.project_id = ${projectId}`];
  const status = params.get("status");
  if (status) where.push(sql`c.status = ${status}`);
  const sessionId = params.get("sessionId");
  if (sessionId) where.push(sql`c.session_id = ${sessionId}`);
  const assigneeId = params.get("assigneeId");
  if (assigneeId === "none") where.push(sql`c.assignee_id IS NULL`);
  else if (assigneeId) where.push(sql`c.assignee_id = ${assigneeId}`);
  return where;
}

/** The project's conversations for staff, with their unread visitor messages. */
export async function listProjectConversations(sql: SQL, projectId: string, query: ListQuery) {
  const where = conversationConditions(sql, projectId, query.params);
  if (query.search) where.push(sql`c.subject_key LIKE ${containsPattern(query.search)} ESCAPE '\\'`);
  const { rows, total } = await listPage<AdminRow>(sql, {
    select: adminSelect,
    from: sql.unsafe(adminFrom),
    where,
    query,
    tieBreaker: "c.id",
  });
  return { items: await adminSummaries(sql, rows), total };
}

/** The admin summaries of the listed conversations of a project, in no particular order. */
export async function adminSummariesByIds(
  sql: SQL,
  projectId: string,
  ids: readonly string[],
): Promise<AdminConversationSummary[]> {
  if (ids.length === 0) return [];
  const rows = await sql`SELECT ${sql.unsafe(adminSelect)} FROM ${sql.unsafe(adminFrom)}
    WHERE c.project_id = ${projectId} AND c.id IN ${sql([...ids])}`;
  return adminSummaries(sql, rows as AdminRow[]);
}

async function adminSummaries(sql: SQL, rows: AdminRow[]): Promise<AdminConversationSummary[]> {
  const last = await lastMessages(
    sql,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    adminSummaryOf(
      conversationFromRow(row),
      sessionOf(row),
      last.get(row.id) ?? null,
      toCount(row.unread),
      assigneeOf(row),
    ),
  );
}

/** One conversation's admin summary (the detail adds its messages). */
export async function findAdminSummary(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<{ summary: AdminConversationSummary; conversation: StoredConversation } | null> {
  const [row] = await sql`SELECT ${sql.unsafe(adminSelect)} FROM ${sql.unsafe(adminFrom)}
    WHERE c.id = ${id} AND c.project_id = ${projectId}`;
  if (!row) return null;
  const adminRow = row as AdminRow;
  const conversation = conversationFromRow(adminRow);
  const last = await lastMessages(sql, [conversation.id]);
  return {
    conversation,
    summary: adminSummaryOf(
      conversation,
      sessionOf(adminRow),
      last.get(conversation.id) ?? null,
      toCount(adminRow.unread),
      assigneeOf(adminRow),
    ),
  };
}

/**
 * Gives the conversation to an admin (or to nobody); answers whether that changed anything. Two
 * statements (read, then write) rather than a null-safe comparison, which the two engines spell
 * differently; the caller's transaction keeps them together.
 */
export async function assignConversation(sql: SQL, id: string, assigneeId: string | null): Promise<boolean> {
  const [row] = await sql`SELECT assignee_id FROM conversations WHERE id = ${id}`;
  const current = (row as { assignee_id: string | null } | undefined)?.assignee_id ?? null;
  if (!row || current === assigneeId) return false;
  await sql`UPDATE conversations SET assignee_id = ${assigneeId} WHERE id = ${id}`;
  return true;
}
