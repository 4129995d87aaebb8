import { userRoles, userSortFields } from "../../shared/users-api.ts";
import { choiceFilter, createListQuery, flagFilter } from "../shell/list/list-url.ts";

/** The `status` filter of `GET /api/users`. */
export const userStatuses = ["enabled", "banned"] as const;

/**
 * The user list's state as it lives in the URL query (`/dashboard/users?q=…&role=…`), so a reload or the
 * back button brings the same search, filters, sort and page back.
 */
export const userListUrl = createListQuery({
  sortFields: userSortFields,
  defaultSort: { field: "createdAt", direction: "desc" },
  filters: {
    role: choiceFilter(userRoles),
    status: choiceFilter(userStatuses),
    emailVerified: flagFilter,
    mfa: flagFilter,
  },
});
export type UserListQuery = typeof userListUrl.defaults;

// Named for the API client, which asks the list with them.
export const userListApiParams = userListUrl.apiParams;
