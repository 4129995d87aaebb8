import type { SQL } from "bun";
import {
  timelineItemLimit,
  type VisitorConversationItem,
  type VisitorReportItem,
  type VisitorTimeline,
} from "../../../shared/visitor-timeline-api.ts";
import { shortReportId } from "../feedback/feedback-repository.ts";
import { parseJson } from "../repository-helpers.ts";
import { browserLabel } from "../sessions/browser-label.ts";
import { findSessionById } from "../sessions/sessions-repository.ts";
import { platformUserSummary } from "../users/platform-user-summary.ts";
import { reportTitle } from "./inbox-repository.ts";

interface ReportRow {
  id: string;
  number: number | string;
  type: string;
  status: string;
  form_data: string;
  created_at: string;
  conversation_id: string | null;
}

interface ConversationRow {
  id: string;
  project_id: string;
  subject: string;
  status: string;
  updated_at: string;
  report_id: string | null;
  report_number: number | string | null;
}

/**
 * Everything support knows of one visitor (src/shared/visitor-timeline-api.ts): the session, its
 * reports and conversations with the links between them, and the platform account behind it when
 * the identity was verified. Null for a session that does not exist.
 */
export async function visitorTimeline(sql: SQL, sessionId: string): Promise<VisitorTimeline | null> {
  const session = await findSessionById(sql, sessionId);
  if (!session) return null;
  const [agent, reports, conversations, platformUser] = await Promise.all([
    sql`SELECT user_agent FROM widget_sessions WHERE id = ${session.id}`,
    sql`SELECT id, number, type, status, form_data, created_at, conversation_id FROM feedback_reports
      WHERE session_id = ${session.id} ORDER BY created_at DESC, id DESC LIMIT ${timelineItemLimit}`,
    // A conversation answers at most one report in practice (one reply opens it); the first stands.
    sql`SELECT c.id, c.project_id, c.subject, c.status, c.updated_at,
        (SELECT r.id FROM feedback_reports r WHERE r.conversation_id = c.id
          ORDER BY r.created_at, r.id LIMIT 1) AS report_id,
        (SELECT r.number FROM feedback_reports r WHERE r.conversation_id = c.id
          ORDER BY r.created_at, r.id LIMIT 1) AS report_number
      FROM conversations c WHERE c.session_id = ${session.id}
      ORDER BY c.updated_at DESC, c.id DESC LIMIT ${timelineItemLimit}`,
    // Only a user id proven with the project's userHash may show whose account this is.
    session.userVerified && session.userId ? platformUserSummary(sql, session.userId) : null,
  ]);
  const userAgent = (agent as Array<{ user_agent: string | null }>)[0]?.user_agent ?? null;
  return {
    session: {
      id: session.id,
      projectId: session.projectId,
      name: session.name,
      email: session.email,
      userId: session.userId,
      userVerified: session.userVerified,
      currentPage: session.lastPage,
      browser: browserLabel(userAgent),
      lang: session.lang,
      firstSeenAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      pageViews: session.pageViews,
      durationSeconds: session.durationSeconds,
    },
    reports: (reports as ReportRow[]).map(
      (row): VisitorReportItem => ({
        id: row.id,
        shortId: shortReportId(Number(row.number)),
        title: reportTitle(parseJson<Record<string, unknown>>(row.form_data, {})),
        type: row.type,
        status: row.status,
        createdAt: row.created_at,
        conversationId: row.conversation_id,
      }),
    ),
    conversations: (conversations as ConversationRow[]).map(
      (row): VisitorConversationItem => ({
        id: row.id,
        projectId: row.project_id,
        subject: row.subject,
        status: row.status === "closed" ? "closed" : "open",
        updatedAt: row.updated_at,
        report:
          row.report_id && row.report_number !== null
            ? { id: row.report_id, shortId: shortReportId(Number(row.report_number)) }
            : null,
      }),
    ),
    platformUser,
  };
}
