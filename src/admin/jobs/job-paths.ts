import { listHref } from "../shell/list/use-list-query.ts";

// The job list's addresses; its URL state lives in the shared `useListQuery`.
export const jobsPath = "/dashboard/jobs";

/** The list with its last search, filters, sort and page, so "back" from a job returns to the same page. */
export const jobListHref = () => listHref(jobsPath);

export const jobHref = (id: string) => `${jobsPath}/${encodeURIComponent(id)}`;
