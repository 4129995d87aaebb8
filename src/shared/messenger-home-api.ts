import type { ConversationSummary } from "./conversations-api.ts";
import type { FeedbackFlow } from "./feedback-flows-api.ts";
import type { NewsSummary } from "./news-api.ts";

/**
 * The messenger's first screen and checklists: what the frame app reads under `/api/widget` with the
 * session headers.
 *
 * Widget routes (session auth, JSON):
 *   GET  /messenger/home                      → MessengerHome
 *   GET  /checklists                          → ChecklistSummary[] (live checklists and the session's progress)
 */

export interface ChecklistSummary {
  outboundId: string;
  title: string;
  /** The session's instance, once started. */
  checklistId: string | null;
  done: number;
  total: number;
  status: "open" | "done";
}

/** The first screen in one request (the messenger must be interactive within 1 s on a slow phone). */
export interface MessengerHome {
  /** Live flows marked for the home screen, in their order. */
  flows: Array<Pick<FeedbackFlow, "key" | "title" | "description" | "icon">>;
  /** The newest three news posts. */
  news: NewsSummary[];
  /** The newest open conversation, if any. */
  conversation: ConversationSummary | null;
  /** Unread staff and bot messages over every conversation of the session. */
  unreadMessages: number;
  checklists: ChecklistSummary[];
  /** Whether the project has live help articles and feature requests (tabs show only then). */
  hasHelpCenter: boolean;
  hasFeatureRequests: boolean;
}
