import { listHref } from "../shell/list/use-list-query.ts";

// The reported-tasks list's addresses; its URL state lives in the shared `useListQuery`.
export const reportsPath = "/dashboard/reported-tasks";

/** The list with its last search, filters, sort and page, so "Go Back" from a report returns there. */
export const reportListHref = () => listHref(reportsPath);

export const reportHref = (id: string) => `${reportsPath}/${encodeURIComponent(id)}`;
