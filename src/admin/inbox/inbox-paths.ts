import { listHref } from "../shell/list/use-list-query.ts";

export const inboxPath = "/dashboard/inbox";
export const inboxReportHref = (id: string) => `${inboxPath}/${encodeURIComponent(id)}`;
/** The inbox with the search, filters and page it showed last ("back" from a report). */
export const inboxListHref = () => listHref(inboxPath);
