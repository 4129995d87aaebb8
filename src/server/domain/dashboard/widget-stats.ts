import type { SQL } from "bun";
import type { WidgetStats } from "../../../shared/inbox-api.ts";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The widget side of the dashboard home, over every project: reports of the last 7 days and those
 * still open (OPEN or IN_PROGRESS), open conversations and those with visitor messages staff have not
 * read, and survey answers of the last 7 days.
 */
export async function widgetStats(sql: SQL, now = new Date()): Promise<WidgetStats> {
  const weekAgo = new Date(now.getTime() - 7 * dayMs).toISOString();
  const [row] = await sql`SELECT
      (SELECT count(*) FROM feedback_reports WHERE created_at >= ${weekAgo}) AS new_reports,
      (SELECT count(*) FROM feedback_reports WHERE status IN (${"OPEN"}, ${"IN_PROGRESS"})) AS open_reports,
      (SELECT count(*) FROM conversations WHERE status = ${"open"}) AS open_conversations,
      (SELECT count(*) FROM conversations c WHERE EXISTS (
        SELECT 1 FROM conversation_messages m WHERE m.conversation_id = c.id AND m.author = ${"visitor"}
          AND m.id > COALESCE((SELECT r.last_read_message_id FROM conversation_read_marks r
            WHERE r.conversation_id = c.id AND r.reader = ${"staff"}), ${""}))) AS unread_conversations,
      (SELECT count(*) FROM survey_answers WHERE created_at >= ${weekAgo}) AS survey_responses`;
  const counts = row as Record<string, unknown>;
  return {
    newReports: Number(counts.new_reports),
    openReports: Number(counts.open_reports),
    openConversations: Number(counts.open_conversations),
    unreadConversations: Number(counts.unread_conversations),
    surveyResponses: Number(counts.survey_responses),
  };
}
