import type { SQL } from "bun";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";
import { newAssignmentCount } from "../staff/assignment-events.ts";

const count = (rows: unknown): number => Number((rows as Array<{ n?: unknown }>)[0]?.n ?? 0);

/**
 * What waits for `adminId` (src/shared/alerts-api.ts): two counts, each one indexed query, plus the
 * items whose notes mention the admin (driven by the admin's unseen mentions, a handful at most), and
 * the work given to them they have not opened yet (assignment-events.ts).
 */
export async function alertCounts(
  sql: SQL,
  adminId: string,
  projectIds?: readonly string[],
): Promise<AdminAlerts> {
  if (projectIds?.length === 0) return { reports: 0, conversations: 0, assigned: 0 };
  // An agent's counts hold the projects they are a member of only; undefined is every project.
  const reportIn = projectIds ? sql`AND r.project_id IN ${sql([...projectIds])}` : sql``;
  const conversationIn = projectIds ? sql`AND c.project_id IN ${sql([...projectIds])}` : sql``;
  const reports = await sql`SELECT count(*) AS n FROM feedback_reports r
    WHERE r.status IN ('OPEN', 'IN_PROGRESS') ${reportIn}
      AND (r.assignee_id IS NULL OR r.assignee_id = ${adminId})
      AND NOT EXISTS (SELECT 1 FROM feedback_report_reads rr
        WHERE rr.report_id = r.id AND rr.user_id = ${adminId})`;
  const conversations = await sql`SELECT count(*) AS n FROM conversations c
    WHERE c.status = 'open' ${conversationIn}
      AND (c.assignee_id IS NULL OR c.assignee_id = ${adminId})
      AND EXISTS (SELECT 1 FROM conversation_messages m
        WHERE m.conversation_id = c.id AND m.author = 'visitor'
          AND m.id > COALESCE((SELECT mark.last_read_message_id FROM conversation_read_marks mark
            WHERE mark.conversation_id = c.id AND mark.reader = 'staff'), ''))`;
  // Mentions count until the admin opens the item, whatever its status or assignee; an item already
  // counted above is not counted twice.
  const mentionedReports = await sql`SELECT count(DISTINCT n.report_id) AS n
    FROM staff_note_mentions sm JOIN staff_notes n ON n.id = sm.note_id
      JOIN feedback_reports r ON r.id = n.report_id
    WHERE sm.user_id = ${adminId} AND sm.seen_at IS NULL ${reportIn}
      AND NOT (r.status IN ('OPEN', 'IN_PROGRESS')
        AND (r.assignee_id IS NULL OR r.assignee_id = ${adminId})
        AND NOT EXISTS (SELECT 1 FROM feedback_report_reads rr
          WHERE rr.report_id = r.id AND rr.user_id = ${adminId}))`;
  const mentionedConversations = await sql`SELECT count(DISTINCT n.conversation_id) AS n
    FROM staff_note_mentions sm JOIN staff_notes n ON n.id = sm.note_id
      JOIN conversations c ON c.id = n.conversation_id
    WHERE sm.user_id = ${adminId} AND sm.seen_at IS NULL ${conversationIn}
      AND NOT (c.status = 'open'
        AND (c.assignee_id IS NULL OR c.assignee_id = ${adminId})
        AND EXISTS (SELECT 1 FROM conversation_messages m
          WHERE m.conversation_id = c.id AND m.author = 'visitor'
            AND m.id > COALESCE((SELECT mark.last_read_message_id FROM conversation_read_marks mark
              WHERE mark.conversation_id = c.id AND mark.reader = 'staff'), '')))`;
  return {
    reports: count(reports) + count(mentionedReports),
    conversations: count(conversations) + count(mentionedConversations),
    assigned: await newAssignmentCount(sql, adminId),
  };
}
