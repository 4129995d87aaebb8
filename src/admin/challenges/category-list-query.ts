import { createListQuery } from "../shell/list/list-url.ts";

/** The category list's state as it lives in the URL query (`/dashboard/challenge-categories?q=…`). */
export const categoryListUrl = createListQuery({
  /** `GET /api/challenge-categories` sorts by these (`challenges`: how many challenges use it). */
  sortFields: ["title", "createdAt", "challenges"] as const,
  // By title, as the API answers without a sort.
  defaultSort: { field: "title", direction: "asc" },
});
export type CategoryListQuery = typeof categoryListUrl.defaults;

// Named for the API client, which asks the list with them.
export const categoryListApiParams = categoryListUrl.apiParams;

/**
 * The page to show after a row was deleted: the previous one when the deleted row was the last on a
 * page past the first (that page no longer exists), else the same.
 */
export function pageAfterDelete(query: CategoryListQuery, rowsOnPage: number): number {
  return rowsOnPage <= 1 && query.page > 1 ? query.page - 1 : query.page;
}
