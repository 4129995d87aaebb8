import { conversationStatuses } from "../../shared/messenger-api.ts";
import { createListQuery, defaultedChoiceFilter } from "../shell/list/list-url.ts";

/**
 * The inbox's state in the URL query (`/dashboard/conversations/{projectId}?status=closed&q=…`): it opens
 * on the open conversations, latest activity first; `status=any` shows both.
 */
export const conversationListUrl = createListQuery({
  /** `GET /api/projects/{p}/conversations` sorts by these. */
  sortFields: ["updatedAt", "createdAt", "unread"] as const,
  defaultSort: { field: "updatedAt", direction: "desc" },
  filters: { status: defaultedChoiceFilter(conversationStatuses, "open") },
});
export type ConversationListQuery = typeof conversationListUrl.defaults;

export const conversationListApiParams = conversationListUrl.apiParams;
