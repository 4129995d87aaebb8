import { challengeDifficulties, challengeStatuses } from "../../shared/challenges-api.ts";
import { choiceFilter, createListQuery, textFilter } from "../shell/list/list-url.ts";

/** The `categoryId` filter value the API reads as "challenges without a category". */
export const uncategorised = "none";

/** The challenge list's state as it lives in the URL query (`/dashboard/challenges?q=…&status=…`). */
export const challengeListUrl = createListQuery({
  /** `GET /api/challenges` sorts by these (`tasks`: the number of tasks; `difficulty`: easiest first). */
  sortFields: ["title", "createdAt", "tasks", "difficulty"] as const,
  // Newest first, as the API answers without a sort.
  defaultSort: { field: "createdAt", direction: "desc" },
  filters: {
    /** "" for any category, {@link uncategorised} for none, else a category id. */
    categoryId: textFilter,
    difficulty: choiceFilter(challengeDifficulties),
    status: choiceFilter(challengeStatuses),
  },
});
export type ChallengeListQuery = typeof challengeListUrl.defaults;

// Named for the API client, which asks the list with them.
export const challengeListApiParams = challengeListUrl.apiParams;
