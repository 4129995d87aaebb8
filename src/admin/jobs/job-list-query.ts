import { jobTypes, professionalLevels } from "../../shared/jobs-api.ts";
import { choiceFilter, createListQuery, flagFilter, textFilter } from "../shell/list/list-url.ts";

/** The job list's state as it lives in the URL query (`/dashboard/jobs?q=…&type=…`). */
export const jobListUrl = createListQuery({
  /** docs/platform-api.md: `GET /api/jobs` sorts by these. */
  sortFields: ["title", "updatedAt", "salaryMax", "company"] as const,
  defaultSort: { field: "updatedAt", direction: "desc" },
  filters: {
    companyId: textFilter,
    type: choiceFilter(jobTypes),
    level: choiceFilter(professionalLevels),
    remote: flagFilter,
  },
});
export type JobListQuery = typeof jobListUrl.defaults;

// Named for the API client, which asks the list with them.
export const jobListApiParams = jobListUrl.apiParams;
