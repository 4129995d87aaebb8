import { createListQuery } from "../shell/list/list-url.ts";

/** The company list's state as it lives in the URL query (`/dashboard/companies?q=…`). */
export const companyListUrl = createListQuery({
  /** `GET /api/companies` sorts by these (`jobs`: the number of jobs). */
  sortFields: ["name", "createdAt", "jobs"] as const,
  defaultSort: { field: "name", direction: "asc" },
});
export type CompanyListQuery = typeof companyListUrl.defaults;

// Named for the API client, which asks the list with them.
export const companyListApiParams = companyListUrl.apiParams;
