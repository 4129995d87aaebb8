import { listHref } from "../shell/list/use-list-query.ts";

// The user list's addresses; its URL state lives in the shared `useListQuery`.
export const usersPath = "/dashboard/users";

/** The list with its last search, filters, sort and page, so "back to the users" returns to the same page. */
export const userListHref = () => listHref(usersPath);
