import { userRoles } from "../../shared/users-api.ts";
import { type FilterOption, FilterSelect } from "../shell/list/filter-select.tsx";
import { ListFilters } from "../shell/list/list-filters.tsx";
import type { UserListQuery } from "./user-list-query.ts";

type FilterChange = Partial<Pick<UserListQuery, "role" | "status" | "emailVerified" | "mfa">>;

const yesNo: FilterOption[] = [
  { value: "true", label: "users.filter.yes" },
  { value: "false", label: "users.filter.no" },
];

const flag = (value: string) => (value === "" ? null : value === "true");
const flagValue = (value: boolean | null) => (value === null ? "" : String(value));

/** Role, status, e-mail verified and MFA filters of the user list (README: `GET /api/users`). */
export function UserFilters({
  query,
  onChange,
  onReset,
}: {
  query: UserListQuery;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const active = Boolean(
    query.role || query.status || query.emailVerified !== null || query.mfa !== null || query.q,
  );
  return (
    <ListFilters active={active} onReset={onReset} legend="users.filters" reset="users.filter.reset">
      <FilterSelect
        name="role"
        label="users.filter.role"
        value={query.role ?? ""}
        options={userRoles.map((role) => ({ value: role, label: `role.${role}` }))}
        onChange={(value) => onChange({ role: (value || null) as UserListQuery["role"] })}
      />
      <FilterSelect
        name="status"
        label="users.filter.status"
        value={query.status ?? ""}
        options={[
          { value: "enabled", label: "status.enabled" },
          { value: "banned", label: "status.banned" },
        ]}
        onChange={(value) => onChange({ status: (value || null) as UserListQuery["status"] })}
      />
      <FilterSelect
        name="emailVerified"
        label="users.filter.emailVerified"
        value={flagValue(query.emailVerified)}
        options={yesNo}
        onChange={(value) => onChange({ emailVerified: flag(value) })}
      />
      <FilterSelect
        name="mfa"
        label="users.filter.mfa"
        value={flagValue(query.mfa)}
        options={yesNo}
        onChange={(value) => onChange({ mfa: flag(value) })}
      />
    </ListFilters>
  );
}
