import { userRoles } from "../../shared/users-api.ts";
import { choice, type DeclaredFilter, flag } from "../shell/list/list-filters.tsx";
import { type UserListQuery, userStatuses } from "./user-list-query.ts";

/** Role, status, e-mail verified and MFA filters of the user list (docs/platform-api.md: `GET /api/users`). */
export const userFilters: readonly DeclaredFilter<UserListQuery>[] = [
  choice("role", "users.filter.role", userRoles, (role) => `role.${role}`),
  choice("status", "users.filter.status", userStatuses, (status) => `status.${status}`),
  flag("emailVerified", "users.filter.emailVerified", "users.filter.yes", "users.filter.no"),
  flag("mfa", "users.filter.mfa", "users.filter.yes", "users.filter.no"),
];
