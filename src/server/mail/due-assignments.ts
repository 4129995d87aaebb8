import type { SQL } from "bun";
import { shortReportId } from "../domain/feedback/feedback-repository.ts";
import { reportTitle } from "../domain/inbox/inbox-repository.ts";
import { parseJson } from "../domain/repository-helpers.ts";

/**
 * Work given to an admin (assignment-events.ts) that the unread digest tells them of: given by
 * someone else or round robin before `cutoff`, not opened since, not mailed yet, still theirs. One
 * per item (the newest event); `eventIds` are every such event of it, all claimed with the mail.
 */
export interface DueAssignment {
  eventIds: string[];
  userId: string;
  kind: "report" | "conversation";
  itemId: string;
  projectId: string;
  /** `FB-12` for a report, "" for a conversation. */
  reference: string;
  /** The report's title or the conversation's subject: the visitor's words. */
  title: string;
  /** Who gave it; null: round robin. */
  by: string | null;
}

interface DueRow {
  id: string;
  to_user_id: string;
  report_id: string | null;
  conversation_id: string | null;
  project_id: string;
  report_number: number | string | null;
  form_data: string | null;
  subject: string | null;
  by_user_id: string | null;
  by_name: string | null;
}

/** Events read per pass; the rest wait for the next one. */
const batchSize = 500;

export async function dueAssignments(sql: SQL, cutoff: string): Promise<DueAssignment[]> {
  const rows = await sql`SELECT e.id, e.to_user_id, e.report_id, e.conversation_id, e.project_id,
      r.number AS report_number, r.form_data, c.subject, e.by_user_id,
      COALESCE(b.display_name, b.name, e.by_name) AS by_name
    FROM assignment_events e
      LEFT JOIN feedback_reports r ON r.id = e.report_id
      LEFT JOIN conversations c ON c.id = e.conversation_id
      LEFT JOIN users b ON b.id = e.by_user_id
    WHERE e.to_user_id IS NOT NULL AND e.seen_at IS NULL AND e.mailed_at IS NULL
      AND e.created_at <= ${cutoff}
      AND COALESCE(r.assignee_id, c.assignee_id) = e.to_user_id
    ORDER BY e.id LIMIT ${batchSize}`;
  const byItem = new Map<string, DueAssignment>();
  for (const row of rows as DueRow[]) {
    const itemId = row.report_id ?? row.conversation_id ?? "";
    const key = `${row.to_user_id}:${itemId}`;
    const earlier = byItem.get(key);
    const report = row.report_id !== null;
    byItem.set(key, {
      eventIds: [...(earlier?.eventIds ?? []), row.id],
      userId: row.to_user_id,
      kind: report ? "report" : "conversation",
      itemId,
      projectId: row.project_id,
      reference: report ? shortReportId(Number(row.report_number)) : "",
      title: report
        ? reportTitle(parseJson<Record<string, unknown>>(row.form_data, {}))
        : (row.subject ?? ""),
      by: row.by_name ?? (row.by_user_id === null ? null : ""),
    });
  }
  return [...byItem.values()];
}

/** Only the work of admins with no admin screen open: the others had the toast (staff-presence.ts). */
export async function awayOnly(
  due: readonly DueAssignment[],
  present: (userIds: string[]) => Promise<ReadonlySet<string>>,
): Promise<DueAssignment[]> {
  if (due.length === 0) return [];
  const here = await present([...new Set(due.map((item) => item.userId))]);
  return due.filter((item) => !here.has(item.userId));
}
