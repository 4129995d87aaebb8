import { createListQuery } from "../shell/list/list-url.ts";

/** The project list's state as it lives in the URL query (`/dashboard/projects?q=…`). */
export const projectListUrl = createListQuery({
  /** `GET /api/projects` sorts by these. */
  sortFields: ["name", "createdAt"] as const,
  defaultSort: { field: "name", direction: "asc" },
});
export type ProjectListQuery = typeof projectListUrl.defaults;

// Named for the API client, which asks the list with them.
export const projectListApiParams = projectListUrl.apiParams;
