import type { SQL } from "bun";
import { reportPriorities } from "../../../shared/feedback-api.ts";
import type { InboxReport, ReportStatus, ReportTriageState } from "../../../shared/inbox-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";
import { shortReportId } from "../feedback/feedback-repository.ts";
import { parseJson } from "../repository-helpers.ts";

/**
 * The feedback inbox's reads and writes over `feedback_reports`: summaries with the reporter, the
 * assignee and this admin's unread marker (`feedback_report_reads`, one row per admin and report
 * opened), and the triage fields staff change.
 */

/**
 * Priorities rank in their own order, not alphabetically: `-priority` puts CRITICAL first. Migration
 * 043 indexes this very expression per status.
 */
export const priorityRank = `CASE r.priority ${reportPriorities.map((p, i) => `WHEN '${p}' THEN ${i}`).join(" ")} ELSE -1 END`;

export const inboxSortColumns: Record<string, string> = {
  createdAt: "r.created_at",
  updatedAt: "COALESCE(r.updated_at, r.created_at)",
  priority: priorityRank,
  status: "r.status",
  type: "r.type",
  // `relevance` ranks a search (ranksByRelevance); a list without one is newest first.
  relevance: "r.created_at",
};

export interface InboxFilters {
  type?: string;
  status?: string;
  priority?: string;
  projectId?: string;
  /** A user id, or `none` for unassigned reports. */
  assigneeId?: string;
  /** Reports carrying this tag (the whole tag, case aside). */
  tag?: string;
  unread?: boolean;
  /** Only reports of these projects (an agent's, agent-area.ts); absent: every project. */
  projectIds?: readonly string[];
}

export interface SummaryRow {
  id: string;
  number: number | string;
  project_id: string;
  type: string;
  priority: string;
  status: string;
  tags: string;
  form_data: string;
  meta_data: string;
  created_at: string;
  has_screenshot: unknown;
  has_replay: unknown;
  has_recording: unknown;
  session_user_id: string | null;
  session_name: string | null;
  session_email: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  read_at: string | null;
}

export const summarySelect = `r.id, r.number, r.project_id, r.type, r.priority, r.status, r.tags, r.form_data,
  r.meta_data, r.created_at,
  (CASE WHEN r.screenshot IS NOT NULL OR r.screenshot_html_key IS NOT NULL THEN 1 ELSE 0 END) AS has_screenshot,
  (CASE WHEN r.web_replay_key IS NOT NULL THEN 1 ELSE 0 END) AS has_replay,
  (CASE WHEN r.screen_recording_url IS NOT NULL THEN 1 ELSE 0 END) AS has_recording,
  s.user_id AS session_user_id, s.name AS session_name, s.email AS session_email,
  a.id AS assignee_id, COALESCE(a.display_name, a.name) AS assignee_name, rr.read_at`;

/** The joins every summary needs; the read mark is this admin's (none: every report counts unread). */
export const summaryFrom = (sql: SQL, adminId: string | null) =>
  sql`feedback_reports r
    LEFT JOIN widget_sessions s ON s.id = r.session_id
    LEFT JOIN users a ON a.id = r.assignee_id
    LEFT JOIN feedback_report_reads rr ON rr.report_id = r.id AND rr.user_id = ${adminId ?? ""}`;

/** The joins inboxConditions reads: the reporter's session for a search, the read mark for `unread`. */
function inboxCountFrom(sql: SQL, adminId: string, filters: InboxFilters, search: string) {
  if (search) return summaryFrom(sql, adminId);
  if (filters.unread !== undefined)
    return sql`feedback_reports r
      LEFT JOIN feedback_report_reads rr ON rr.report_id = r.id AND rr.user_id = ${adminId}`;
  return sql`feedback_reports r`;
}

const textOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/**
 * The line a report is listed by: the form's description, else its first text field (flows name
 * their fields freely), cut to 200 characters.
 */
export function reportTitle(formData: Record<string, unknown>): string {
  const description = textOf(formData.description);
  const first =
    description ??
    Object.values(formData)
      .map(textOf)
      .find((value) => value !== null) ??
    "";
  return first.slice(0, 200);
}

/** Who sent it: what the session knows, else an address the form asked for. */
function reporterOf(row: SummaryRow, formData: Record<string, unknown>): InboxReport["reporter"] {
  const formEmail = [formData.reportedBy, formData.email].map(textOf).find((value) => value?.includes("@"));
  return {
    email: row.session_email ?? formEmail ?? null,
    name: row.session_name,
    userId: row.session_user_id,
  };
}

export function summaryOf(row: SummaryRow): InboxReport {
  const formData = parseJson<Record<string, unknown>>(row.form_data, {});
  const metaData = parseJson<Record<string, unknown>>(row.meta_data, {});
  return {
    id: row.id,
    shortId: shortReportId(Number(row.number)),
    projectId: row.project_id,
    type: row.type,
    status: row.status,
    priority: row.priority,
    title: reportTitle(formData),
    reporter: reporterOf(row, formData),
    page: textOf(metaData.currentUrl),
    tags: parseJson<string[]>(row.tags, []),
    assignee:
      row.assignee_id && row.assignee_name !== null ? { id: row.assignee_id, name: row.assignee_name } : null,
    hasScreenshot: Number(row.has_screenshot) === 1,
    hasReplay: Number(row.has_replay) === 1,
    hasRecording: Number(row.has_recording) === 1,
    unread: row.read_at === null,
    createdAt: row.created_at,
  };
}

/**
 * What a list's filters and search `q` ask of a report, over {@link summaryFrom}'s joins. The list, its
 * next/previous and the bulk changes over "all matching" share it, so they agree on every row. With no
 * status asked for, spam stays out of sight: only the Spam view shows it.
 */
export function inboxConditions(sql: SQL, filters: InboxFilters, search: string): Array<SQL.Query<unknown>> {
  const where: Array<SQL.Query<unknown>> = [];
  if (filters.type) where.push(sql`r.type = ${filters.type}`);
  if (filters.status) where.push(sql`r.status = ${filters.status}`);
  else where.push(sql`r.status <> 'SPAM'`);
  // Tags are stored as a JSON array: the tag in its JSON spelling, quotes included, is one whole tag.
  // Both sides go through the engine's lower(), as SQLite's LIKE ignores case and PostgreSQL's does not.
  if (filters.tag) {
    const tag = JSON.stringify(filters.tag).replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`lower(r.tags) LIKE lower(${`%${tag}%`}) ESCAPE '\\'`);
  }
  if (filters.priority) where.push(sql`r.priority = ${filters.priority}`);
  if (filters.projectId) where.push(sql`r.project_id = ${filters.projectId}`);
  if (filters.projectIds)
    where.push(
      filters.projectIds.length > 0 ? sql`r.project_id IN ${sql([...filters.projectIds])}` : sql`1 = 0`,
    );
  if (filters.assigneeId === "none") where.push(sql`r.assignee_id IS NULL`);
  else if (filters.assigneeId) where.push(sql`r.assignee_id = ${filters.assigneeId}`);
  if (filters.unread === true) where.push(sql`rr.read_at IS NULL`);
  if (filters.unread === false) where.push(sql`rr.read_at IS NOT NULL`);
  if (search) {
    const pattern = containsPattern(search);
    const number = /^(?:fb-)?(\d{1,9})$/i.exec(search)?.[1];
    where.push(sql`(lower(r.form_data) LIKE ${pattern} ESCAPE '\\'
      OR lower(r.tags) LIKE ${pattern} ESCAPE '\\'
      OR lower(COALESCE(s.email, '')) LIKE ${pattern} ESCAPE '\\'
      OR lower(COALESCE(s.name, '')) LIKE ${pattern} ESCAPE '\\'
      OR r.number = ${number === undefined ? -1 : Number(number)})`);
  }
  return where;
}

/** The inbox page for an admin: filters, `q` over the texts, the reporter and `FB-n`, sort and paging. */
export async function listInbox(
  sql: SQL,
  adminId: string,
  query: ListQuery,
  filters: InboxFilters,
): Promise<{ items: InboxReport[]; total: number }> {
  return listItems(sql, {
    select: summarySelect,
    from: summaryFrom(sql, adminId),
    countFrom: inboxCountFrom(sql, adminId, filters, query.search),
    where: inboxConditions(sql, filters, query.search),
    query,
    tieBreaker: "r.id",
    toItem: summaryOf,
  });
}

/** One report's summary as `adminId` sees it (null: as nobody has read it, for a new report's push). */
export async function findInboxReport(
  sql: SQL,
  id: string,
  adminId: string | null,
): Promise<InboxReport | null> {
  const [row] = await sql`SELECT ${sql.unsafe(summarySelect)} FROM ${summaryFrom(sql, adminId)}
    WHERE r.id = ${id}`;
  return row ? summaryOf(row as SummaryRow) : null;
}

/** The conversation staff opened with the reporter about a report, if any. */
export async function reportConversation(
  sql: SQL,
  reportId: string,
): Promise<{ id: string; shareToken: string; status: string; subject: string } | null> {
  const [row] = await sql`SELECT c.id, c.share_token, c.status, c.subject
    FROM feedback_reports r JOIN conversations c ON c.id = r.conversation_id WHERE r.id = ${reportId}`;
  if (!row) return null;
  const found = row as { id: string; share_token: string; status: string; subject: string };
  return { id: found.id, shareToken: found.share_token, status: found.status, subject: found.subject };
}

export async function markReportRead(sql: SQL, reportId: string, adminId: string): Promise<void> {
  await sql`INSERT INTO feedback_report_reads (report_id, user_id, read_at)
    VALUES (${reportId}, ${adminId}, ${new Date().toISOString()})
    ON CONFLICT (report_id, user_id) DO NOTHING`;
}

export async function markReportUnread(sql: SQL, reportId: string, adminId: string): Promise<void> {
  await sql`DELETE FROM feedback_report_reads WHERE report_id = ${reportId} AND user_id = ${adminId}`;
}

export interface TriageChange {
  status?: ReportStatus;
  priority?: string;
  tags?: string[];
  /** null unassigns. */
  assigneeId?: string | null;
}

/** Writes the given triage fields (the others stay) and the change date. */
export async function updateTriage(sql: SQL, reportId: string, change: TriageChange): Promise<void> {
  const columns: Record<string, unknown> = { updated_at: new Date().toISOString() };
  if (change.status !== undefined) columns.status = change.status;
  if (change.priority !== undefined) columns.priority = change.priority;
  if (change.tags !== undefined) columns.tags = JSON.stringify(change.tags);
  if (change.assigneeId !== undefined) columns.assignee_id = change.assigneeId;
  await sql`UPDATE feedback_reports SET ${sql(columns)} WHERE id = ${reportId}`;
}

/** Every report a list's filters and search match, as `adminId` sees them. */
export async function matchingReports(
  sql: SQL,
  adminId: string,
  filters: InboxFilters,
  search: string,
): Promise<SelectedReport[]> {
  const where = inboxConditions(sql, filters, search).reduce(
    (all, next) => sql`${all} AND ${next}`,
    sql`1 = 1`,
  );
  const rows = await sql`SELECT r.id, r.status, r.tags FROM ${summaryFrom(sql, adminId)} WHERE ${where}`;
  return (rows as SelectedRow[]).map(selectedReport);
}

/** A report a bulk change acts on: what the change needs to know of it before. */
export interface SelectedReport {
  id: string;
  status: string;
  tags: string[];
}
interface SelectedRow {
  id: string;
  status: string;
  tags: string;
}
const selectedReport = (row: SelectedRow): SelectedReport => ({
  id: row.id,
  status: row.status,
  tags: parseJson<string[]>(row.tags, []),
});

/** The listed reports that exist (a bulk change over ticked rows), of `projectIds` when given. */
export async function reportsByIds(
  sql: SQL,
  ids: readonly string[],
  projectIds?: readonly string[],
): Promise<SelectedReport[]> {
  if (projectIds?.length === 0) return [];
  const inProjects = projectIds ? sql`AND project_id IN ${sql([...projectIds])}` : sql``;
  const rows = await sql`SELECT id, status, tags FROM feedback_reports
    WHERE id IN ${sql([...ids])} ${inProjects}`;
  return (rows as SelectedRow[]).map(selectedReport);
}

/**
 * Sets the status, priority and/or assignee of every listed report where one of them differs; answers
 * the ids that changed (a report already in that state is left as it is, its change date too).
 */
export async function bulkTriage(
  sql: SQL,
  ids: string[],
  change: { status?: ReportStatus; priority?: string; assigneeId?: string | null },
): Promise<string[]> {
  const columns: Record<string, unknown> = { updated_at: new Date().toISOString() };
  const differs: Array<SQL.Query<unknown>> = [];
  if (change.status !== undefined) {
    columns.status = change.status;
    differs.push(sql`status <> ${change.status}`);
  }
  if (change.priority !== undefined) {
    columns.priority = change.priority;
    differs.push(sql`priority <> ${change.priority}`);
  }
  if (change.assigneeId === null) {
    columns.assignee_id = null;
    differs.push(sql`assignee_id IS NOT NULL`);
  } else if (change.assigneeId !== undefined) {
    columns.assignee_id = change.assigneeId;
    differs.push(sql`(assignee_id IS NULL OR assignee_id <> ${change.assigneeId})`);
  }
  if (differs.length === 0) return [];
  const any = differs.reduce((sum, next) => sql`${sum} OR ${next}`);
  const rows = await sql`UPDATE feedback_reports SET ${sql(columns)}
    WHERE id IN ${sql(ids)} AND (${any}) RETURNING id`;
  return (rows as Array<{ id: string }>).map((row) => row.id);
}

/**
 * Adds and removes tags on each of `reports` (their tags as read in the same transaction), keeping a
 * report's order of tags and its limit of 20; answers the ids whose tags changed.
 */
export async function retagReports(
  sql: SQL,
  reports: ReadonlyArray<{ id: string; tags: string[] }>,
  change: { add: readonly string[]; remove: readonly string[] },
): Promise<string[]> {
  const removed = new Set(change.remove);
  const changed: string[] = [];
  const now = new Date().toISOString();
  for (const report of reports) {
    const kept = report.tags.filter((tag) => !removed.has(tag));
    const next = [...new Set([...kept, ...change.add.filter((tag) => !removed.has(tag))])].slice(0, maxTags);
    if (next.length === report.tags.length && next.every((tag, i) => tag === report.tags[i])) continue;
    await sql`UPDATE feedback_reports SET tags = ${JSON.stringify(next)}, updated_at = ${now}
      WHERE id = ${report.id}`;
    changed.push(report.id);
  }
  return changed;
}

/** A report's tags are at most this many (the API's limit for one report, `ReportUpdate.tags`). */
const maxTags = 20;

/** The triage fields of the listed reports as every inbox shows them (the assignee by name). */
export async function triageStates(sql: SQL, ids: readonly string[]): Promise<ReportTriageState[]> {
  if (ids.length === 0) return [];
  const rows = await sql`SELECT r.id, r.project_id, r.status, r.priority, r.tags, a.id AS assignee_id,
      COALESCE(a.display_name, a.name) AS assignee_name
    FROM feedback_reports r LEFT JOIN users a ON a.id = r.assignee_id
    WHERE r.id IN ${sql([...ids])}`;
  return (rows as TriageRow[]).map((row) => ({
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    priority: row.priority,
    tags: parseJson<string[]>(row.tags, []),
    assignee:
      row.assignee_id && row.assignee_name !== null ? { id: row.assignee_id, name: row.assignee_name } : null,
  }));
}

interface TriageRow {
  id: string;
  project_id: string;
  status: string;
  priority: string;
  tags: string;
  assignee_id: string | null;
  assignee_name: string | null;
}

export const assigneeNotAdminMessage = "assigneeId must name an admin";

/**
 * Whether a user id names an enabled ADMIN who works every one of `projectIds`: only they can be
 * assigned reports and conversations of those projects (an agent only those of their member projects).
 */
export async function isAssignableAdmin(
  sql: SQL,
  userId: string,
  projectIds: readonly string[],
): Promise<boolean> {
  const [row] = await sql`SELECT role, enabled, staff_role FROM users WHERE id = ${userId}`;
  const found = row as { role: string; enabled: unknown; staff_role: string | null } | undefined;
  if (found?.role !== "ADMIN" || !found.enabled) return false;
  if (found.staff_role !== "agent" || projectIds.length === 0) return true;
  const wanted = [...new Set(projectIds)];
  const [member] = await sql`SELECT count(*) AS n FROM staff_project_members
    WHERE user_id = ${userId} AND project_id IN ${sql(wanted)}`;
  return Number((member as { n: unknown }).n) === wanted.length;
}

/** The projects of the listed reports. */
export async function projectsOfReports(sql: SQL, reportIds: readonly string[]): Promise<string[]> {
  if (reportIds.length === 0) return [];
  const rows = await sql`SELECT DISTINCT project_id FROM feedback_reports WHERE id IN ${sql([...reportIds])}`;
  return (rows as Array<{ project_id: string }>).map((row) => row.project_id);
}
