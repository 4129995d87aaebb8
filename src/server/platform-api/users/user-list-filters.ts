import type { UserListFilters } from "../../../shared/users-api.ts";
import { jsonError } from "../platform-request.ts";

const flag = (value: string) => (value === "true" ? true : value === "false" ? false : null);

/** The user list's filters from its query string, or a 400 naming the parameter. */
export function readUserListFilters(params: URLSearchParams): UserListFilters | Response {
  const filters: UserListFilters = {};
  const role = params.get("role")?.trim().toUpperCase();
  if (role) {
    if (role !== "ADMIN" && role !== "USER") return jsonError(400, "role must be ADMIN or USER", "role");
    filters.role = role;
  }
  const status = params.get("status")?.trim().toLowerCase();
  if (status) {
    if (status !== "enabled" && status !== "banned")
      return jsonError(400, "status must be enabled or banned", "status");
    filters.status = status;
  }
  for (const name of ["emailVerified", "mfa"] as const) {
    const value = params.get(name)?.trim().toLowerCase();
    if (!value) continue;
    const parsed = flag(value);
    if (parsed === null) return jsonError(400, `${name} must be true or false`, name);
    filters[name] = parsed;
  }
  return filters;
}
