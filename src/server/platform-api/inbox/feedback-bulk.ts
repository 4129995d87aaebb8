import type {
  BulkReportDelete,
  BulkReportUpdate,
  InboxListFilter,
  ReportStatus,
} from "../../../shared/inbox-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import {
  assigneeNotAdminMessage,
  bulkTriage,
  type InboxFilters,
  isAssignableAdmin,
  matchingReports,
  projectsOfReports,
  reportsByIds,
  retagReports,
  type SelectedReport,
} from "../../domain/inbox/inbox-repository.ts";
import { searchedReports } from "../../domain/inbox/inbox-search.ts";
import { deleteReportFiles, deleteReportRows } from "../../domain/inbox/report-deletion.ts";
import { blockReportSessions, unblockReportSessions } from "../../domain/inbox/report-spam.ts";
import { assigneesOf, recordAssignments } from "../../domain/staff/assignment-events.ts";
import { projectScope } from "../agent-area.ts";
import { json, jsonError } from "../platform-request.ts";
import type { FeedbackInboxDeps } from "./feedback-inbox-routes.ts";
import { readInboxFilters } from "./feedback-inbox-routes.ts";

/**
 * Bulk changes of the feedback inbox: over the ticked reports (`ids`, up to 100) or over
 * every report the list's filter matches ("select all N matching"), read and changed in one
 * transaction, so a report arriving meanwhile is either wholly in or wholly out. Each changed report is
 * audited and pushed to every open inbox after the commit.
 */

/** More than this is refused: one change the size of a small inbox, not a database rewrite. */
export const maxBulkReports = 10_000;
export const tooManyMessage = (count: number) =>
  `The filter matches ${count} reports; a bulk change takes at most ${maxBulkReports}. Narrow the filter.`;

/** Statements and pushes take ids in batches of this many (the engines' bound parameters, push sizes). */
const batchSize = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += batchSize)
    out.push(items.slice(start, start + batchSize));
  return out;
}

type Selection = { ids: string[] } | { filters: InboxFilters; search: string };

/** The body's selection as the list reads its URL, or a 400 naming the filter that is wrong. */
function readSelection(ids: string[] | undefined, filter: InboxListFilter | undefined): Selection | Response {
  if (ids !== undefined) return { ids: [...new Set(ids)] };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    // PostgreSQL refuses a NUL in text: refused on both engines, as the list's URL is.
    if (value.includes("\u0000")) return jsonError(400, `filter.${key} must not contain NUL characters`, key);
    params.set(key, value);
  }
  const filters = readInboxFilters(params);
  if (filters instanceof Response) return filters;
  return { filters, search: (params.get("q") ?? "").trim() };
}

/**
 * The selected reports as they are inside `tx`, or the count when a filter matches too many; an
 * agent's selection holds only reports of their projects (agent-area.ts).
 */
async function selected(
  tx: Bun.SQL,
  selection: Selection,
  admin: Authenticated,
): Promise<SelectedReport[] | { tooMany: number }> {
  const scope = projectScope(admin);
  if ("ids" in selection) return reportsByIds(tx, selection.ids, scope);
  const filters = { ...selection.filters, projectIds: scope };
  const reports = selection.search
    ? await searchedReports(tx, admin.user.id, filters, selection.search)
    : await matchingReports(tx, admin.user.id, filters, selection.search);
  return reports.length > maxBulkReports ? { tooMany: reports.length } : reports;
}

/** A refusal thrown inside the transaction, so it rolls back, and answered outside it. */
class BulkRefused extends Error {
  constructor(readonly response: Response) {
    super("bulk refused");
  }
}

/** Refuses (in the transaction) an assignee who does not work every selected report's project. */
async function refuseAssigneeOutside(
  tx: Bun.SQL,
  assigneeId: string | null | undefined,
  reports: SelectedReport[],
): Promise<void> {
  if (typeof assigneeId !== "string") return;
  const projects = await projectsOfReports(
    tx,
    reports.map((report) => report.id),
  );
  // An agent takes work of their member projects only.
  if (!(await isAssignableAdmin(tx, assigneeId, projects)))
    throw new BulkRefused(jsonError(400, assigneeNotAdminMessage, "assigneeId"));
}

/** `POST /api/feedback/bulk`: status, priority, assignee, tags added and removed. */
export async function bulkUpdate(
  deps: FeedbackInboxDeps,
  update: BulkReportUpdate,
  admin: Authenticated,
): Promise<Response> {
  const { sql } = deps;
  const { ids, filter, priority, assigneeId } = update;
  const status = update.status as ReportStatus | undefined;
  const tidy = (tags: string[] | undefined) => [
    ...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== "")),
  ];
  const addTags = tidy(update.addTags);
  const removeTags = tidy(update.removeTags);
  const selection = readSelection(ids, filter);
  if (selection instanceof Response) return selection;
  const triage = { status, priority, assigneeId };
  const details = Object.fromEntries(
    Object.entries({
      ...triage,
      addTags: update.addTags && addTags,
      removeTags: update.removeTags && removeTags,
    }).filter(([, value]) => value !== undefined),
  );
  const hasTriage = status !== undefined || priority !== undefined || assigneeId !== undefined;
  try {
    const events: string[] = [];
    const changed = await sql.begin(async (tx) => {
      const reports = await selected(tx, selection, admin);
      if ("tooMany" in reports)
        throw new BulkRefused(jsonError(400, tooManyMessage(reports.tooMany), "filter"));
      await refuseAssigneeOutside(tx, assigneeId, reports);
      const changedIds = new Set<string>();
      for (const batch of batches(reports)) {
        const before =
          assigneeId === undefined
            ? []
            : await assigneesOf(
                tx,
                "report",
                batch.map((report) => report.id),
              );
        if (hasTriage)
          for (const id of await bulkTriage(
            tx,
            batch.map((report) => report.id),
            triage,
          ))
            changedIds.add(id);
        if (assigneeId !== undefined)
          events.push(...(await recordAssignments(tx, before, assigneeId, { id: admin.user.id })));
        if (addTags.length > 0 || removeTags.length > 0)
          for (const id of await retagReports(tx, batch, { add: addTags, remove: removeTags }))
            changedIds.add(id);
        const ids = batch.map((report) => report.id);
        // Marked as spam: the reporters' sessions send no more; taken out of spam, they may again.
        if (status === "SPAM") await blockReportSessions(tx, ids);
        else if (status !== undefined)
          await unblockReportSessions(
            tx,
            batch.filter((report) => report.status === "SPAM").map((report) => report.id),
          );
      }
      for (const id of changedIds) {
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: "feedback.update",
          entity: "feedback_report",
          entityId: id,
          details: { ...details, bulk: "ids" in selection ? true : "filter" },
        });
      }
      return [...changedIds];
    });
    for (const batch of batches(changed)) await deps.events.emit("report.updated", { reportIds: batch });
    if (events.length > 0) await deps.events.emit("report.assigned", { assignments: { eventIds: events } });
    return json({ updated: changed.length });
  } catch (error) {
    if (error instanceof BulkRefused) return error.response;
    throw error;
  }
}

/** `POST /api/feedback/bulk-delete`: the reports, their read marks and notes, then their stored parts. */
export async function bulkDelete(
  deps: FeedbackInboxDeps,
  { ids, filter }: BulkReportDelete,
  admin: Authenticated,
): Promise<Response> {
  const { sql } = deps;
  const selection = readSelection(ids, filter);
  if (selection instanceof Response) return selection;
  try {
    const { deleted, files } = await sql.begin(async (tx) => {
      const reports = await selected(tx, selection, admin);
      if ("tooMany" in reports)
        throw new BulkRefused(jsonError(400, tooManyMessage(reports.tooMany), "filter"));
      const all = { deleted: [] as Array<{ id: string }>, files: [] as string[] };
      for (const batch of batches(reports)) {
        const gone = await deleteReportRows(
          tx,
          batch.map((report) => report.id),
        );
        for (const report of gone.deleted) {
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "feedback.delete",
            entity: "feedback_report",
            entityId: report.id,
            details: {
              projectId: report.projectId,
              shortId: report.shortId,
              bulk: "ids" in selection ? true : "filter",
            },
          });
        }
        all.deleted.push(...gone.deleted);
        all.files.push(...gone.files);
      }
      return all;
    });
    await deleteReportFiles(deps.storage, files, deps.logger);
    const ids = deleted.map((report) => report.id);
    for (const batch of batches(ids)) await deps.events.emit("report.deleted", { reportIds: batch });
    return json({ deleted: ids.length });
  } catch (error) {
    if (error instanceof BulkRefused) return error.response;
    throw error;
  }
}
