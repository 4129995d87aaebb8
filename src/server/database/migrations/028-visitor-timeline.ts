import type { Migration } from "../migrations.ts";

/**
 * One customer timeline: what a visitor panel beside a report or a conversation reads.
 *
 * - `widget_sessions.user_agent`: the browser's User-Agent at the last session start, so staff see
 *   the visitor's browser also when they never sent a report (whose metadata names it too).
 * - The reports of a session and the report a conversation answers are looked up by those columns,
 *   which had no index (`conversations` has `conversations_session` already).
 */
export const visitorTimeline: Migration = {
  id: 28,
  name: "028-visitor-timeline",
  statements: [
    `ALTER TABLE widget_sessions ADD COLUMN user_agent TEXT`,
    `CREATE INDEX feedback_reports_session ON feedback_reports (session_id, created_at)`,
    `CREATE INDEX feedback_reports_conversation ON feedback_reports (conversation_id)`,
  ],
};
