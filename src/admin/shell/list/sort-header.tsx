import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";

export interface SortState<F extends string> {
  field: F;
  direction: "asc" | "desc";
}

/** A column header that sorts a list by its field; `aria-sort` tells which column sorts and which way. */
export function SortHeader<F extends string>({
  field,
  label,
  sort,
  onSort,
  numeric = false,
}: {
  field: F;
  label: MessageId;
  sort: SortState<F>;
  onSort: (field: F) => void;
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
