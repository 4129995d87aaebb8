import { createListQuery } from "../shell/list/list-url.ts";

/** `GET /api/projects` sorts by these. */
export const projectSortFields = ["name", "createdAt"] as const;
export type ProjectSortField = (typeof projectSortFields)[number];

/** The project list's state as it lives in the URL query (`/dashboard/projects?q=…`). */
export const projectListUrl = createListQuery({
  sortFields: projectSortFields,
  defaultSort: { field: "name", direction: "asc" },
});
export type ProjectListQuery = typeof projectListUrl.defaults;

// Named for the API client, which asks the list with them.
export const projectListApiParams = projectListUrl.apiParams;
