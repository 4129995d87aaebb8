import type { SQL } from "bun";
import {
  type AdminConversation,
  ConversationAssignRequest,
  type ConversationStatus,
  type ReadAnswer,
  StaffReplyRequest,
  TypingRequest,
} from "../../../shared/messenger-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { listConversationSearch } from "../../domain/conversations/conversation-search.ts";
import {
  addMessage,
  assignConversation,
  conversationSortColumns,
  findAdminSummary,
  findProjectConversation,
  listMessages,
  listProjectConversations,
  markRead,
  readMark,
  type StoredConversation,
  setConversationStatus,
  unreadIn,
} from "../../domain/conversations/conversations-repository.ts";
import type { DomainEvents } from "../../domain/events/domain-events.ts";
import { assigneeNotAdminMessage, isAssignableAdmin } from "../../domain/inbox/inbox-repository.ts";
import { staffReplyHtml } from "../../domain/rich-text/reply-markdown.ts";
import { assigneesOf, markAssignmentsSeen, recordAssignments } from "../../domain/staff/assignment-events.ts";
import { staffIdentity } from "../../domain/staff/staff-identity.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { readListQuery } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { searchParamProblem } from "../search-param.ts";
import { unknownProject } from "./projects-routes.ts";

export const conversationNotFoundMessage = "Conversation not found";

/** Replies, status changes, typing and assignment say what happened through `events` (domain/events/). */
export type ConversationsAdminDeps = PlatformDeps & { events: DomainEvents };

/**
 * A new assignee with its audit and its timeline event, in one transaction; the event ids, or null
 * when the conversation had that assignee already.
 */
async function storeAssignment(
  sql: SQL,
  conversation: StoredConversation,
  assigneeId: string | null,
  admin: Authenticated,
): Promise<string[] | null> {
  return sql.begin(async (tx) => {
    const before = await assigneesOf(tx, "conversation", [conversation.id]);
    if (!(await assignConversation(tx, conversation.id, assigneeId))) return null;
    await recordAudit(tx, {
      actorId: admin.user.id,
      action: "conversation.assign",
      entity: "conversation",
      entityId: conversation.id,
      details: { projectId: conversation.projectId, assigneeId },
    });
    return recordAssignments(tx, before, assigneeId, { id: admin.user.id });
  });
}

/**
 * Conversations for staff under `/api/projects/{projectId}/conversations`: the list with unread
 * counts, one conversation, replies, read marks, typing, assignment, close and reopen. Replies and
 * status changes reach the visitor's sockets at once (domain/events/); opening one is seeing
 * the work given to the asking admin there (assignment-events.ts).
 */
export function conversationsAdminRoutes(deps: ConversationsAdminDeps): ApiRoute[] {
  const { sql, guard, events } = deps;
  const base = "/api/projects/:projectId/conversations";

  async function detail(projectId: string, id: string): Promise<AdminConversation | null> {
    const found = await findAdminSummary(sql, projectId, id);
    if (!found) return null;
    const { summary, conversation } = found;
    const [messages, visitorMark] = await Promise.all([
      listMessages(sql, conversation.id),
      readMark(sql, conversation.id, "visitor"),
    ]);
    return {
      ...summary,
      botId: conversation.botId,
      collected: conversation.collected,
      messages,
      visitorLastReadMessageId: visitorMark,
      closedAt: conversation.closedAt,
    };
  }

  /** Runs `handle` for a conversation of a known project, else answers its 404. */
  const withConversation =
    (
      handle: (request: Request, conversation: StoredConversation, admin: Authenticated) => Promise<Response>,
    ) =>
    async (request: Request, params: Record<string, string>, admin: Authenticated): Promise<Response> => {
      const projectId = params.projectId ?? "";
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const conversation = await findProjectConversation(sql, projectId, params.id ?? "");
      if (!conversation) return jsonError(404, conversationNotFoundMessage);
      return handle(request, conversation, admin);
    };

  const changeStatus = (status: ConversationStatus) =>
    withConversation(async (_request, conversation, admin) => {
      const changed = await sql.begin(async (tx) => {
        const done = await setConversationStatus(tx, conversation.id, status);
        if (done) {
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: status === "closed" ? "conversation.close" : "conversation.reopen",
            entity: "conversation",
            entityId: conversation.id,
            details: { projectId: conversation.projectId, subject: conversation.subject },
          });
        }
        return done;
      });
      if (changed) await events.emit("conversation.status", { conversation, status });
      return json(await detail(conversation.projectId, conversation.id));
    });

  return [
    adminRoute(guard, "GET", base, async (request, params) => {
      const projectId = params.projectId ?? "";
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const query = readListQuery(new URL(request.url), conversationSortColumns, "-updatedAt");
      if (query instanceof Response) return query;
      const status = query.params.get("status");
      if (status && status !== "open" && status !== "closed")
        return jsonError(400, "status must be open or closed", "status");
      const badSearch = searchParamProblem(query.params);
      if (badSearch) return badSearch;
      // A search ranks its matches (conversation-search.ts); the plain list walks its sort order.
      if (query.search) {
        const found = await listConversationSearch(sql, projectId, query);
        return json({ ...found, page: query.page, pageSize: query.pageSize });
      }
      const { items, total } = await listProjectConversations(sql, projectId, query);
      return json({ items, total, page: query.page, pageSize: query.pageSize });
    }),
    adminRoute(
      guard,
      "GET",
      `${base}/:id`,
      withConversation(async (_request, conversation, admin) => {
        await markAssignmentsSeen(sql, admin.user.id, "conversation", conversation.id);
        return json(await detail(conversation.projectId, conversation.id));
      }),
    ),
    adminRoute(
      guard,
      "POST",
      `${base}/:id/messages`,
      withConversation(async (request, conversation, admin) => {
        const body = await readBody(request, StaffReplyRequest);
        if (!body.ok) return body.response;
        const text = staffReplyHtml(body.value.text, body.value.format);
        if (text === "" && (body.value.attachments?.length ?? 0) === 0)
          return jsonError(400, "text is required", "text");
        const { name, avatarUrl } = await staffIdentity(sql, admin.user);
        const { message } = await sql.begin(async (tx) => {
          const added = await addMessage(tx, conversation, {
            author: "staff",
            staffUserId: admin.user.id,
            name,
            avatarUrl,
            text,
            attachments: body.value.attachments ?? [],
          });
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "conversation.reply",
            entity: "conversation",
            entityId: conversation.id,
            details: { projectId: conversation.projectId, messageId: added.message.id },
          });
          return added;
        });
        await events.emit("conversation.message", { conversation, message });
        return json(message, { status: 201 });
      }),
    ),
    adminRoute(
      guard,
      "POST",
      `${base}/:id/read`,
      withConversation(async (_request, conversation) => {
        await markRead(sql, conversation.id, "staff");
        const answer: ReadAnswer = { unread: await unreadIn(sql, conversation.id, "staff") };
        return json(answer);
      }),
    ),
    adminRoute(
      guard,
      "POST",
      `${base}/:id/typing`,
      withConversation(async (request, conversation, admin) => {
        const body = await readBody(request, TypingRequest);
        if (!body.ok) return body.response;
        const typist = { kind: "staff", name: (await staffIdentity(sql, admin.user)).name } as const;
        await events.emit("conversation.typing", { conversation, typing: body.value.typing, typist });
        return new Response(null, { status: 204 });
      }),
    ),
    adminRoute(
      guard,
      "POST",
      `${base}/:id/assign`,
      withConversation(async (request, conversation, admin) => {
        const body = await readBody(request, ConversationAssignRequest);
        if (!body.ok) return body.response;
        const { assigneeId } = body.value;
        if (assigneeId !== null && !(await isAssignableAdmin(sql, assigneeId, [conversation.projectId])))
          return jsonError(400, assigneeNotAdminMessage, "assigneeId");
        const eventIds = await storeAssignment(sql, conversation, assigneeId, admin);
        const answer = await detail(conversation.projectId, conversation.id);
        if (eventIds) {
          const assignee = answer?.assignee ?? null;
          await events.emit("conversation.assigned", { conversation, assignee, assignments: { eventIds } });
        }
        return json(answer);
      }),
    ),
    adminRoute(guard, "POST", `${base}/:id/close`, changeStatus("closed")),
    adminRoute(guard, "POST", `${base}/:id/reopen`, changeStatus("open")),
  ];
}
