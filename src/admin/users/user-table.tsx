import type { UserListItem, UserSortField } from "../../shared/users-schemas.ts";
import { useT } from "../i18n/intl.ts";
import { SortHeader } from "../shell/list/sort-header.tsx";
import type { UserListQuery } from "./user-list-query.ts";
import { UserRow } from "./user-row.tsx";

/** The user list's table: sortable headers, a select-all box for the page, one row per user. */
export function UserTable({
  users,
  sort,
  onSort,
  selected,
  onSelect,
  onSelectAll,
}: {
  users: UserListItem[];
  sort: UserListQuery["sort"];
  onSort: (field: UserSortField) => void;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
}) {
  const { t } = useT();
  const allSelected = users.length > 0 && users.every((user) => selected.has(user.id));
  const sortProps = { sort, onSort };
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                checked={allSelected}
                aria-label={t("users.column.selectAll")}
                onChange={(event) => onSelectAll(event.target.checked)}
              />
            </th>
            <SortHeader field="name" label="users.column.name" {...sortProps} />
            <SortHeader field="email" label="users.column.email" {...sortProps} />
            <th scope="col">{t("users.column.role")}</th>
            <th scope="col">{t("users.column.status")}</th>
            <th scope="col">{t("users.column.level")}</th>
            <SortHeader field="xp" label="users.column.xp" numeric {...sortProps} />
            <SortHeader field="balance" label="users.column.balance" numeric {...sortProps} />
            <SortHeader field="createdAt" label="users.column.created" {...sortProps} />
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} selected={selected.has(user.id)} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
