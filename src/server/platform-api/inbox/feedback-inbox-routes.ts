import type { SQL } from "bun";
import { reportPriorities } from "../../../shared/feedback-api.ts";
import {
  BulkReportDelete,
  BulkReportUpdate,
  ReportReply,
  type ReportStatus,
  ReportUpdate,
  reportStatuses,
} from "../../../shared/inbox-api.ts";
import type { Authenticated, AuthGuard } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import type { DomainEvents } from "../../domain/events/domain-events.ts";
import { findReport, type StoredReport } from "../../domain/feedback/feedback-repository.ts";
import {
  assigneeNotAdminMessage,
  type InboxFilters,
  inboxSortColumns,
  isAssignableAdmin,
  listInbox,
  markReportRead,
  markReportUnread,
  type TriageChange,
  updateTriage,
} from "../../domain/inbox/inbox-repository.ts";
import { listInboxSearch } from "../../domain/inbox/inbox-search.ts";
import { inboxReportDetail } from "../../domain/inbox/report-detail.ts";
import { reportNeighbours } from "../../domain/inbox/report-neighbours.ts";
import { writeReportReply } from "../../domain/inbox/report-reply.ts";
import { blockReportSessions, unblockReportSessions } from "../../domain/inbox/report-spam.ts";
import { staffReplyHtml } from "../../domain/rich-text/reply-markdown.ts";
import { findSessionById } from "../../domain/sessions/sessions-repository.ts";
import { assigneesOf, markAssignmentsSeen, recordAssignments } from "../../domain/staff/assignment-events.ts";
import { staffIdentity } from "../../domain/staff/staff-identity.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage, readListQuery } from "../../http/list-query.ts";
import type { Logger } from "../../logger.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { inScope } from "../agent-area.ts";
import { adminRoute, json, jsonError, readBody, withBody } from "../platform-request.ts";
import { searchParamProblem } from "../search-param.ts";
import { bulkDelete, bulkUpdate } from "./feedback-bulk.ts";

export interface FeedbackInboxDeps {
  sql: SQL;
  storage: FileStorage;
  guard: AuthGuard;
  /** Where a bulk deletion's stored parts that would not go away are reported. */
  logger?: Logger;
  /** Triage, assignment, deletion and replies say what happened here (domain/events/). */
  events: DomainEvents;
}

export const reportNotFoundMessage = "Feedback report not found";
export const noReporterSessionMessage =
  "This report was sent without a visitor session, so there is nobody to reply to";

/** Reads an upper-cased filter that must be one of `allowed`, or answers why not. */
function enumFilter(params: URLSearchParams, name: string, allowed: readonly string[]): string | Response {
  const value = params.get(name)?.trim().toUpperCase() ?? "";
  if (value === "" || allowed.includes(value)) return value;
  return jsonError(400, `${name} must be one of ${allowed.join(", ")}`, name);
}

/** The inbox filters of a list URL, or a 400 naming the parameter. */
export function readInboxFilters(params: URLSearchParams): InboxFilters | Response {
  const search = searchParamProblem(params);
  if (search) return search;
  const status = enumFilter(params, "status", reportStatuses);
  if (status instanceof Response) return status;
  const priority = enumFilter(params, "priority", reportPriorities);
  if (priority instanceof Response) return priority;
  const unread = params.get("unread")?.trim() ?? "";
  if (unread !== "" && unread !== "true" && unread !== "false")
    return jsonError(400, "unread must be true or false", "unread");
  return {
    type: params.get("type")?.trim().toUpperCase() || undefined,
    status: status || undefined,
    priority: priority || undefined,
    projectId: params.get("projectId")?.trim() || undefined,
    assigneeId: params.get("assigneeId")?.trim() || undefined,
    tag: params.get("tag")?.trim() || undefined,
    unread: unread === "" ? undefined : unread === "true",
  };
}

/** `PATCH /api/feedback/{id}`: status, priority, tags and assignee, audited; open inboxes hear of it. */
async function updateReport(
  deps: FeedbackInboxDeps,
  request: Request,
  report: StoredReport,
  admin: Authenticated,
): Promise<Response> {
  const { sql, storage } = deps;
  const body = await readBody(request, ReportUpdate);
  if (!body.ok) return body.response;
  const { status, priority, tags, assigneeId } = body.value;
  if (typeof assigneeId === "string" && !(await isAssignableAdmin(sql, assigneeId, [report.projectId])))
    return jsonError(400, assigneeNotAdminMessage, "assigneeId");
  const change: TriageChange = {
    status: status as ReportStatus | undefined,
    priority,
    tags: tags ? [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ""))] : undefined,
    assigneeId,
  };
  const changes = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  let events: string[] = [];
  if (Object.keys(changes).length > 0) {
    await sql.begin(async (tx) => {
      const before = assigneeId === undefined ? [] : await assigneesOf(tx, "report", [report.id]);
      await updateTriage(tx, report.id, change);
      if (assigneeId !== undefined)
        events = await recordAssignments(tx, before, assigneeId, { id: admin.user.id });
      if (change.status === "SPAM") await blockReportSessions(tx, [report.id]);
      else if (change.status !== undefined && report.status === "SPAM")
        await unblockReportSessions(tx, [report.id]);
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "feedback.update",
        entity: "feedback_report",
        entityId: report.id,
        details: { projectId: report.projectId, shortId: `FB-${report.number}`, ...changes },
      });
    });
  }
  const updated = (await findReport(sql, report.id)) ?? report;
  if (Object.keys(changes).length > 0) await deps.events.emit("report.updated", { reportIds: [report.id] });
  if (events.length > 0) await deps.events.emit("report.assigned", { assignments: { eventIds: events } });
  return json(await inboxReportDetail(sql, storage, updated, admin.user.id));
}

/** Opening a report: read for this admin, and work given to them there seen (off their count). */
async function openReport(sql: SQL, reportId: string, adminId: string): Promise<void> {
  await markReportRead(sql, reportId, adminId);
  await markAssignmentsSeen(sql, adminId, "report", reportId);
}

/** `POST /api/feedback/{id}/reply`: a staff message to the reporter, in a conversation about the report. */
async function replyToReporter(
  deps: FeedbackInboxDeps,
  request: Request,
  report: StoredReport,
  admin: Authenticated,
): Promise<Response> {
  const { sql } = deps;
  const body = await readBody(request, ReportReply);
  if (!body.ok) return body.response;
  const text = staffReplyHtml(body.value.text, body.value.format);
  const attachments = body.value.attachments ?? [];
  if (text === "" && attachments.length === 0) return jsonError(400, "text is required", "text");
  // A session merged into the user's own since (identify) is answered where the visitor is now.
  const session = report.sessionId ? await findSessionById(sql, report.sessionId) : null;
  if (!session) return jsonError(409, noReporterSessionMessage);
  const target = { ...report, sessionId: session.id };
  const { conversation, message } = await writeReportReply(sql, target, admin, {
    text,
    attachments,
    ...(await staffIdentity(sql, admin.user)),
  });
  // The same push as a reply from the conversations screen: live in the visitor's messenger.
  await deps.events.emit("conversation.message", { conversation, message });
  return json(
    { conversation: { id: conversation.id, shareToken: conversation.shareToken }, message },
    { status: 201 },
  );
}

/**
 * `GET /api/feedback`: a page of the inbox. A search ranks its matches (inbox-search.ts); the plain
 * list walks its sort order.
 */
function listReports(sql: SQL, request: Request, admin: Authenticated): Promise<Response> {
  return answerListPage(request, {
    sortable: inboxSortColumns,
    defaultSort: "-createdAt",
    readFilters: (params) => inScope(readInboxFilters(params), admin),
    list: (query, filters) =>
      query.search
        ? listInboxSearch(sql, admin.user.id, query, filters)
        : listInbox(sql, admin.user.id, query, filters),
  });
}

/**
 * The feedback inbox: reports of every project with filters, per-admin read marks, triage
 * (status, priority, tags, assignee; one at a time or status in bulk) and a reply to the reporter
 * through a messenger conversation. Admins only; every change of a report is audited in its
 * transaction (read marks are the admin's own view, like a mail client's, and are not).
 */
export function feedbackInboxRoutes(deps: FeedbackInboxDeps): ApiRoute[] {
  const { sql, storage, guard } = deps;

  const withReport =
    (handle: (request: Request, report: StoredReport, admin: Authenticated) => Promise<Response>) =>
    async (request: Request, params: Record<string, string>, admin: Authenticated) => {
      const report = await findReport(sql, params.id ?? "");
      if (!report) return jsonError(404, reportNotFoundMessage);
      return handle(request, report, admin);
    };

  /** `POST {path}`: the admin's own read mark of the report, set or cleared by `mark`. */
  const markRoute = (path: string, mark: typeof markReportRead) =>
    adminRoute(
      guard,
      "POST",
      path,
      withReport(async (_request, report, admin) => {
        await mark(sql, report.id, admin.user.id);
        return new Response(null, { status: 204 });
      }),
    );

  return [
    adminRoute(guard, "GET", "/api/feedback", (request, _params, admin) => listReports(sql, request, admin)),
    adminRoute(
      guard,
      "POST",
      "/api/feedback/bulk",
      withBody(BulkReportUpdate, (update, admin) => bulkUpdate(deps, update, admin)),
    ),
    adminRoute(
      guard,
      "POST",
      "/api/feedback/bulk-delete",
      withBody(BulkReportDelete, (removal, admin) => bulkDelete(deps, removal, admin)),
    ),
    adminRoute(
      guard,
      "GET",
      "/api/feedback/:id/neighbours",
      withReport(async (request, report, admin) => {
        const query = readListQuery(new URL(request.url), inboxSortColumns, "-createdAt");
        if (query instanceof Response) return query;
        const filters = inScope(readInboxFilters(query.params), admin);
        if (filters instanceof Response) return filters;
        return json(await reportNeighbours(sql, admin.user.id, report.id, query, filters));
      }),
    ),
    adminRoute(
      guard,
      "GET",
      "/api/feedback/:id",
      withReport(async (_request, report, admin) => {
        await openReport(sql, report.id, admin.user.id);
        return json(await inboxReportDetail(sql, storage, report, admin.user.id));
      }),
    ),
    adminRoute(
      guard,
      "PATCH",
      "/api/feedback/:id",
      withReport((request, report, admin) => updateReport(deps, request, report, admin)),
    ),
    markRoute("/api/feedback/:id/read", markReportRead),
    markRoute("/api/feedback/:id/unread", markReportUnread),
    adminRoute(
      guard,
      "POST",
      "/api/feedback/:id/reply",
      withReport((request, report, admin) => replyToReporter(deps, request, report, admin)),
    ),
  ];
}
