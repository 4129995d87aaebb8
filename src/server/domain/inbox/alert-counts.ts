import type { SQL } from "bun";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";

const count = (rows: unknown): number => Number((rows as Array<{ n?: unknown }>)[0]?.n ?? 0);

/** What waits for `adminId` (src/shared/alerts-api.ts): two counts, each one indexed query. */
export async function alertCounts(sql: SQL, adminId: string): Promise<AdminAlerts> {
  const reports = await sql`SELECT count(*) AS n FROM feedback_reports r
    WHERE r.status IN ('OPEN', 'IN_PROGRESS')
      AND (r.assignee_id IS NULL OR r.assignee_id = ${adminId})
      AND NOT EXISTS (SELECT 1 FROM feedback_report_reads rr
        WHERE rr.report_id = r.id AND rr.user_id = ${adminId})`;
  const conversations = await sql`SELECT count(*) AS n FROM conversations c
    WHERE c.status = 'open'
      AND (c.assignee_id IS NULL OR c.assignee_id = ${adminId})
      AND EXISTS (SELECT 1 FROM conversation_messages m
        WHERE m.conversation_id = c.id AND m.author = 'visitor'
          AND m.id > COALESCE((SELECT mark.last_read_message_id FROM conversation_read_marks mark
            WHERE mark.conversation_id = c.id AND mark.reader = 'staff'), ''))`;
  return { reports: count(reports), conversations: count(conversations) };
}
