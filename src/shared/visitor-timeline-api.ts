import type { LevelName } from "./levels.ts";

/**
 * One customer timeline: who is behind a report or a conversation, beside it.
 *
 *   GET /api/admin/visitors/{sessionId}/timeline → VisitorTimeline (admins only; 404 for a session
 *                                                   that does not exist; a read, not audited)
 *
 * A session merged into a user's own since (a verified identify) answers as that session, so an old
 * report still leads to where the visitor is now. A report and the conversation staff opened about it
 * name each other (`conversationId`, `reportId`): the link is `feedback_reports.conversation_id`.
 * `platformUser` is there only when the session's user id was proven with the project's `userHash`
 * and names an account of the learning platform: a visitor who merely claims an id never shows one.
 */
export interface VisitorTimeline {
  session: VisitorSession;
  /** The session's reports, newest first (at most `timelineItemLimit`). */
  reports: VisitorReportItem[];
  /** The session's conversations, latest activity first (at most `timelineItemLimit`). */
  conversations: VisitorConversationItem[];
  platformUser: PlatformUserSummary | null;
}

/** How many reports and how many conversations the timeline lists. */
export const timelineItemLimit = 20;

export interface VisitorSession {
  id: string;
  projectId: string;
  name: string | null;
  email: string | null;
  userId: string | null;
  /** The user id came with a valid `userHash`. */
  userVerified: boolean;
  /** The page of the visitor's last page view. */
  currentPage: string | null;
  /** "Chrome 131 on Linux", read from the browser's User-Agent at the last session start. */
  browser: string | null;
  lang: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  pageViews: number;
  durationSeconds: number;
}

export interface VisitorReportItem {
  id: string;
  shortId: string;
  title: string;
  type: string;
  status: string;
  createdAt: string;
  /** The conversation staff opened by replying to it, if any. */
  conversationId: string | null;
}

export interface VisitorConversationItem {
  id: string;
  projectId: string;
  subject: string;
  status: "open" | "closed";
  updatedAt: string;
  /** The report it answers, when staff opened it by replying to a report. */
  report: { id: string; shortId: string } | null;
}

/** What support needs to know of the platform account behind a verified visitor. */
export interface PlatformUserSummary {
  id: string;
  name: string;
  displayName: string | null;
  enabled: boolean;
  xp: number;
  level: number;
  levelName: LevelName;
  balance: number;
  /** The bans in force; `endsAt` null for a permanent one. */
  bans: { createTask: { endsAt: string | null } | null; reportTask: { endsAt: string | null } | null };
  /** Tasks this user reported: how many, how many still open, and the latest few. */
  reportedTasks: {
    total: number;
    open: number;
    latest: Array<{ id: string; title: string; reason: string; createdAt: string; resolved: boolean }>;
  };
}

/** How many of the user's task reports the summary lists. */
export const reportedTasksShown = 5;

export const visitorNotFoundMessage = "Visitor session not found";
