import { userRoles } from "../../shared/users-schemas.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { ListFilters } from "../shell/list-filters.tsx";
import type { UserListQuery } from "./user-list-query.ts";

type FilterChange = Partial<Pick<UserListQuery, "role" | "status" | "emailVerified" | "mfa">>;

interface Option {
  value: string;
  label: MessageId;
}

const yesNo: Option[] = [
  { value: "true", label: "users.filter.yes" },
  { value: "false", label: "users.filter.no" },
];

function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: MessageId;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  return (
    <label className="filter-field">
      <span>{t(label)}</span>
      <select name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("users.filter.any")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </label>
  );
}

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
