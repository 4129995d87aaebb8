import type { HTMLAttributes, ReactNode, Ref } from "react";
import { type Formatters, useFormatters } from "../../format/use-formatters.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { SortHeader, type SortState } from "./sort-header.tsx";
import type { RowSelection } from "./use-list-page.ts";

// The table every admin screen draws its records in (react-admin's `<Datagrid>`): a list screen's page of
// rows (list-page.tsx) as well as the records a detail card or settings card shows (a challenge's tasks,
// a webhook's deliveries, the team's members), so their tables look, sort and fold into cards alike.

/**
 * One column of a record table: its header (sortable by `sort`) and the cell each row shows. The cell
 * names its column (`data-label`) for the card layout of narrow screens, except the row's own link
 * (`primary`) and its buttons (`actions`, whose header only screen readers read).
 */
export interface ListColumn<T, F extends string = string> {
  label: MessageId;
  sort?: F;
  /** Figures: right-aligned header and cell. */
  numeric?: boolean;
  primary?: boolean;
  actions?: boolean;
  className?: string | ((row: T) => string | undefined);
  title?: (row: T) => string | undefined;
  testId?: string;
  /** A moment: shown as "3 hours ago", with the date and time on hover (instead of `cell`). */
  date?: (row: T) => string;
  cell?: (row: T) => ReactNode;
}

/** A checkbox column for the bulk bar: `rowLabel` names a row's box, `allLabel` the page's box. */
export interface ListSelectionColumn<T> {
  selection: RowSelection;
  allLabel: MessageId;
  rowLabel: (row: T) => string;
  allRef?: Ref<HTMLInputElement>;
}

/** The sort a table's sortable headers show and change (a list's `sortProps`). */
export interface TableSorting<F extends string> {
  sort: SortState<F>;
  onSort: (field: F) => void;
}

/** What a row's `<tr>` carries besides its cells: a test id, `data-*` states. */
export type RowProps<T> = (
  row: T,
) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

function HeaderCell<T, F extends string>({
  column,
  sorting,
}: {
  column: ListColumn<T, F>;
  sorting?: TableSorting<F>;
}) {
  const { t } = useT();
  if (column.sort && sorting) {
    return <SortHeader field={column.sort} label={column.label} numeric={column.numeric} {...sorting} />;
  }
  if (column.actions) {
    return (
      <th scope="col" className="row-actions">
        <span className="visually-hidden">{t(column.label)}</span>
      </th>
    );
  }
  return (
    <th scope="col" className={column.numeric ? "numeric" : undefined}>
      {t(column.label)}
    </th>
  );
}

function cellClass<T>(column: ListColumn<T>, row: T): string | undefined {
  const own = typeof column.className === "function" ? column.className(row) : column.className;
  if (column.actions) return "row-actions";
  if (column.numeric) return own ? `numeric ${own}` : "numeric";
  return own;
}

function BodyCell<T>({
  column,
  row,
  format,
  labelled,
}: {
  column: ListColumn<T>;
  row: T;
  format: Formatters;
  labelled: boolean;
}) {
  const { t } = useT();
  const date = column.date?.(row);
  return (
    <td
      className={cellClass(column, row)}
      title={date === undefined ? column.title?.(row) : format.dateTime(date)}
      data-label={!labelled || column.primary || column.actions ? undefined : t(column.label)}
      data-testid={column.testId}
    >
      {date === undefined ? column.cell?.(row) : format.ago(date)}
    </td>
  );
}

/** The page's checkbox in the head row: ticks or unticks every row shown. */
function SelectAllCell<T extends { id: string }>({
  rows,
  select,
}: {
  rows: readonly T[];
  select: ListSelectionColumn<T>;
}) {
  const { t } = useT();
  const { selection } = select;
  const allSelected = rows.length > 0 && rows.every((row) => selection.selected.has(row.id));
  return (
    <th scope="col" className="select-cell">
      <input
        ref={select.allRef}
        type="checkbox"
        checked={allSelected}
        aria-label={t(select.allLabel)}
        onChange={(event) =>
          selection.selectAll(
            rows.map((row) => row.id),
            event.target.checked,
          )
        }
      />
    </th>
  );
}

function SelectCell<T extends { id: string }>({ row, select }: { row: T; select: ListSelectionColumn<T> }) {
  return (
    <td className="select-cell">
      <input
        type="checkbox"
        checked={select.selection.selected.has(row.id)}
        aria-label={select.rowLabel(row)}
        onChange={(event) => select.selection.select(row.id, event.target.checked)}
      />
    </td>
  );
}

/**
 * A table of records drawn from declared columns: the head row (sortable where `sorting` is given) and a
 * row per record, keyed by its id, with a checkbox column when `select` is given. `labelled` (the default)
 * names each cell's column for the card layout of narrow screens; `empty` stands instead of a table
 * without rows.
 */
export function RecordTable<T extends { id: string }, F extends string = never>({
  rows,
  columns,
  sorting,
  select,
  rowProps,
  labelled = true,
  className,
  empty,
}: {
  rows: readonly T[];
  columns: readonly ListColumn<T, F>[];
  sorting?: TableSorting<F>;
  select?: ListSelectionColumn<T>;
  rowProps?: RowProps<T>;
  labelled?: boolean;
  className?: string;
  empty?: ReactNode;
}) {
  const format = useFormatters();
  if (empty !== undefined && rows.length === 0) return <>{empty}</>;
  const selected = select?.selection.selected;
  return (
    <div className="table-wrap">
      <table className={className ? `data-table ${className}` : "data-table"}>
        <thead>
          <tr>
            {select && <SelectAllCell rows={rows} select={select} />}
            {columns.map((column) => (
              <HeaderCell key={column.label} column={column} sorting={sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} aria-selected={selected ? selected.has(row.id) : undefined} {...rowProps?.(row)}>
              {select && <SelectCell row={row} select={select} />}
              {columns.map((column) => (
                <BodyCell
                  key={column.label}
                  column={column as ListColumn<T>}
                  row={row}
                  format={format}
                  labelled={labelled}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
