import type { SQL } from "bun";
import type {
  AssignmentEvent,
  AssignmentItemKind,
  NewAssignment,
  StaffRef,
} from "../../../shared/assignment-api.ts";
import { shortReportId } from "../feedback/feedback-repository.ts";
import { reportTitle } from "../inbox/inbox-repository.ts";
import { nowIso, parseJson } from "../repository-helpers.ts";

/**
 * The rows of `assignment_events` (migration 041): every change of a report's or conversation's
 * assignee, with the new assignee's notice (`seen_at`, `mailed_at`) on it. Writes happen in the
 * transaction that changes the assignee, so an event exists exactly when the change committed.
 */

/** An item's assignee before a change: what {@link recordAssignments} compares the new one with. */
export interface AssigneeBefore {
  kind: AssignmentItemKind;
  id: string;
  projectId: string;
  assigneeId: string | null;
}

/** Who made the change: an admin, or null for round robin. */
export type AssignedBy = { id: string } | null;

/** The assignees of the listed items as they are now; read in the transaction before changing them. */
export async function assigneesOf(
  tx: SQL,
  kind: AssignmentItemKind,
  ids: readonly string[],
): Promise<AssigneeBefore[]> {
  if (ids.length === 0) return [];
  const rows =
    kind === "report"
      ? await tx`SELECT id, project_id, assignee_id FROM feedback_reports WHERE id IN ${tx([...ids])}`
      : await tx`SELECT id, project_id, assignee_id FROM conversations WHERE id IN ${tx([...ids])}`;
  return (rows as Array<{ id: string; project_id: string; assignee_id: string | null }>).map((row) => ({
    kind,
    id: row.id,
    projectId: row.project_id,
    assigneeId: row.assignee_id,
  }));
}

/** The name every screen calls a person by: the display name, else the nickname. */
async function namesOf(tx: SQL, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx`SELECT id, COALESCE(display_name, name) AS name FROM users WHERE id IN ${tx(wanted)}`;
  return new Map((rows as Array<{ id: string; name: string }>).map((row) => [row.id, row.name]));
}

/**
 * Stores an event for each item whose assignee is not `to` already (the items as {@link assigneesOf}
 * read them before the change); answers the new events' ids. A change an admin makes for themselves
 * is seen at once: nobody needs telling of work they took.
 */
export async function recordAssignments(
  tx: SQL,
  before: readonly AssigneeBefore[],
  to: string | null,
  by: AssignedBy,
): Promise<string[]> {
  const changed = before.filter((item) => item.assigneeId !== to);
  if (changed.length === 0) return [];
  const names = await namesOf(tx, [to, by?.id ?? null, ...changed.map((item) => item.assigneeId)]);
  const now = nowIso();
  const ids: string[] = [];
  for (const item of changed) {
    const id = Bun.randomUUIDv7();
    const nameOf = (user: string | null) => (user === null ? null : (names.get(user) ?? null));
    await tx`INSERT INTO assignment_events ${tx({
      id,
      project_id: item.projectId,
      report_id: item.kind === "report" ? item.id : null,
      conversation_id: item.kind === "conversation" ? item.id : null,
      from_user_id: item.assigneeId,
      from_name: nameOf(item.assigneeId),
      to_user_id: to,
      to_name: nameOf(to),
      by_user_id: by?.id ?? null,
      by_name: nameOf(by?.id ?? null),
      created_at: now,
      seen_at: to !== null && by?.id === to ? now : null,
    })}`;
    ids.push(id);
  }
  return ids;
}

interface EventRow {
  id: string;
  project_id: string;
  report_id: string | null;
  conversation_id: string | null;
  from_user_id: string | null;
  from_name: string | null;
  from_now: string | null;
  to_user_id: string | null;
  to_name: string | null;
  to_now: string | null;
  by_user_id: string | null;
  by_name: string | null;
  by_now: string | null;
  created_at: string;
}

/** A person of an event: by id and today's name, or by the name kept when they were deleted. */
function refOf(id: string | null, now: string | null, kept: string | null): StaffRef | null {
  if (id !== null) return { id, name: now ?? kept ?? "" };
  return kept === null ? null : { id: null, name: kept };
}

function eventOf(row: EventRow): AssignmentEvent {
  return {
    id: row.id,
    item: row.report_id
      ? { kind: "report", id: row.report_id, projectId: row.project_id }
      : { kind: "conversation", id: row.conversation_id ?? "", projectId: row.project_id },
    from: refOf(row.from_user_id, row.from_now, row.from_name),
    to: refOf(row.to_user_id, row.to_now, row.to_name),
    by: refOf(row.by_user_id, row.by_now, row.by_name),
    createdAt: row.created_at,
  };
}

/** The events with everyone named as they are called now. */
const eventsFrom = (sql: SQL) => sql`assignment_events e
  LEFT JOIN users f ON f.id = e.from_user_id
  LEFT JOIN users t ON t.id = e.to_user_id
  LEFT JOIN users b ON b.id = e.by_user_id`;
const eventColumns = (sql: SQL) => sql`e.id, e.project_id, e.report_id, e.conversation_id, e.created_at,
  e.from_user_id, e.from_name, COALESCE(f.display_name, f.name) AS from_now,
  e.to_user_id, e.to_name, COALESCE(t.display_name, t.name) AS to_now,
  e.by_user_id, e.by_name, COALESCE(b.display_name, b.name) AS by_now`;

/** The events stored under these ids (after the commit that wrote them), oldest first. */
export async function findEvents(sql: SQL, ids: readonly string[]): Promise<AssignmentEvent[]> {
  if (ids.length === 0) return [];
  const rows = await sql`SELECT ${eventColumns(sql)} FROM ${eventsFrom(sql)}
    WHERE e.id IN ${sql([...ids])} ORDER BY e.id`;
  return (rows as EventRow[]).map(eventOf);
}

/** An item's timeline of assignments, oldest first. */
export async function itemEvents(sql: SQL, kind: AssignmentItemKind, id: string): Promise<AssignmentEvent[]> {
  const rows =
    kind === "report"
      ? await sql`SELECT ${eventColumns(sql)} FROM ${eventsFrom(sql)} WHERE e.report_id = ${id} ORDER BY e.id`
      : await sql`SELECT ${eventColumns(sql)} FROM ${eventsFrom(sql)}
          WHERE e.conversation_id = ${id} ORDER BY e.id`;
  return (rows as EventRow[]).map(eventOf);
}

/**
 * The admin's notices that still stand: given to them, not opened since, and still theirs (a
 * reassignment takes the notice with it). `e` over {@link eventsFrom} plus the items.
 */
const standingNotices = (sql: SQL, userId: string) => sql`e.to_user_id = ${userId} AND e.seen_at IS NULL
  AND COALESCE(r.assignee_id, c.assignee_id) = ${userId}`;
const withItems = (sql: SQL) => sql`${eventsFrom(sql)}
  LEFT JOIN feedback_reports r ON r.id = e.report_id
  LEFT JOIN conversations c ON c.id = e.conversation_id`;

/** How many items were given to the admin and not opened since (`AdminAlerts.assigned`). */
export async function newAssignmentCount(sql: SQL, userId: string): Promise<number> {
  const [row] = await sql`SELECT count(DISTINCT COALESCE(e.report_id, e.conversation_id)) AS n
    FROM ${withItems(sql)} WHERE ${standingNotices(sql, userId)}`;
  return Number((row as { n?: unknown } | undefined)?.n ?? 0);
}

interface NoticeRow extends EventRow {
  report_number: number | string | null;
  form_data: string | null;
  subject: string | null;
}

function noticeOf(row: NoticeRow): NewAssignment {
  const report = row.report_id !== null;
  return {
    event: eventOf(row),
    reference: report ? shortReportId(Number(row.report_number)) : "",
    title: report
      ? reportTitle(parseJson<Record<string, unknown>>(row.form_data, {}))
      : (row.subject ?? "").slice(0, 200),
  };
}

/** The admin's standing notices, newest first (one per item), with what each item is. */
export async function newAssignments(sql: SQL, userId: string, limit = 20): Promise<NewAssignment[]> {
  const rows = await sql`SELECT ${eventColumns(sql)}, r.number AS report_number, r.form_data, c.subject
    FROM ${withItems(sql)} WHERE ${standingNotices(sql, userId)} ORDER BY e.id DESC LIMIT ${limit * 2}`;
  const seen = new Set<string>();
  const notices: NewAssignment[] = [];
  for (const row of rows as NoticeRow[]) {
    const item = row.report_id ?? row.conversation_id ?? "";
    if (seen.has(item)) continue;
    seen.add(item);
    notices.push(noticeOf(row));
  }
  return notices.slice(0, limit);
}

/** The notice of one event, as `assigned-to-you` carries it. */
export async function noticeOfEvent(sql: SQL, eventId: string): Promise<NewAssignment | null> {
  const [row] = await sql`SELECT ${eventColumns(sql)}, r.number AS report_number, r.form_data, c.subject
    FROM ${withItems(sql)} WHERE e.id = ${eventId}`;
  return row ? noticeOf(row as NoticeRow) : null;
}

/** The admin opened the item: its notices to them are seen (their count goes down). */
export async function markAssignmentsSeen(
  sql: SQL,
  userId: string,
  kind: AssignmentItemKind,
  id: string,
): Promise<void> {
  const now = nowIso();
  if (kind === "report")
    await sql`UPDATE assignment_events SET seen_at = ${now}
      WHERE to_user_id = ${userId} AND report_id = ${id} AND seen_at IS NULL`;
  else
    await sql`UPDATE assignment_events SET seen_at = ${now}
      WHERE to_user_id = ${userId} AND conversation_id = ${id} AND seen_at IS NULL`;
}
