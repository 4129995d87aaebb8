import type { UserSortField } from "../../shared/users-schemas.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import type { UserListQuery } from "./user-list-query.ts";

/** A column header that sorts by its field; `aria-sort` tells which column sorts and which way. */
export function SortHeader({
  field,
  label,
  sort,
  onSort,
  numeric = false,
}: {
  field: UserSortField;
  label: MessageId;
  sort: UserListQuery["sort"];
  onSort: (field: UserSortField) => void;
  numeric?: boolean;
}) {
  const { t } = useT();
  const active = sort.field === field;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  return (
    <th scope="col" aria-sort={ariaSort} className={numeric ? "numeric" : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(field)}>
        {t(label)}
        <span className="sort-mark" aria-hidden="true">
          {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
