import { conversationStatuses } from "../../shared/conversations-api.ts";
import { createListQuery, defaultedChoiceFilter, textFilter } from "../shell/list/list-url.ts";

/**
 * The inbox's state in the URL query (`/dashboard/conversations/{projectId}?status=closed&q=…`): it opens
 * on the open conversations, latest activity first; `status=any` shows both; `assigneeId` narrows it
 * to one admin's or to the unassigned ones.
 */
export const conversationListUrl = createListQuery({
  /** `GET /api/projects/{p}/conversations` sorts by these. */
  sortFields: ["updatedAt", "createdAt", "unread", "relevance"] as const,
  defaultSort: { field: "updatedAt", direction: "desc" },
  // A search ranks the matches, best first (docs/search.md).
  searchedSort: { field: "relevance", direction: "desc" },
  // `assigneeId`: an admin's id, or `none` for the conversations nobody took.
  filters: { status: defaultedChoiceFilter(conversationStatuses, "open"), assigneeId: textFilter },
});
export type ConversationListQuery = typeof conversationListUrl.defaults;

export const conversationListApiParams = conversationListUrl.apiParams;
