import type { HTMLAttributes, ReactNode, Ref } from "react";
import type { Resource } from "../../api/use-resource.ts";
import { type Formatters, useFormatters } from "../../format/use-formatters.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { PageHeading } from "../layout/page-heading.tsx";
import { ListStatus, type ListTexts } from "./list-status.tsx";
import { type ListQuery, listPageSizes } from "./list-url.ts";
import { Pagination } from "./pagination.tsx";
import { SearchBox } from "./search-box.tsx";
import { SortHeader } from "./sort-header.tsx";
import type { ListPageController, RowSelection } from "./use-list-page.ts";
import type { ListQueryState } from "./use-list-query.ts";

// The view of the list screens (react-admin's `<List>` and `<Datagrid>`), so they look and behave alike:
// the title block, the search with the list's filters, and the table with its states and pages. A screen
// declares only its columns, filters and texts; its state comes from `useListPage` (use-list-page.ts).

/** The part of a list's {@link ListQueryState} its pages need. */
interface PagedList {
  query: { page: number; pageSize: number };
  // Method syntax on purpose: it lets a list's `change` of any query (generic ones too) stand here.
  change(change: { page?: number; pageSize?: number }): void;
}

/**
 * The title (with `id`, which the screen's section is labelled by) and subtitle; `actions` (create,
 * related lists) sit to their right.
 */
export function ListHeader({
  id,
  title,
  subtitle,
  subtitleClassName = "subtle",
  actions,
}: {
  id: string;
  title: ReactNode;
  subtitle: ReactNode;
  subtitleClassName?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <>
      <PageHeading id={id}>{title}</PageHeading>
      <p className={subtitleClassName}>{subtitle}</p>
    </>
  );
  if (!actions) return <header className="page-header">{heading}</header>;
  return (
    <header className="page-header page-header-actions">
      <div>{heading}</div>
      <div className="page-actions">{actions}</div>
    </header>
  );
}

/** The list's search box, followed by its filters (`children`). */
export function ListToolbar({
  id,
  label,
  placeholder,
  list,
  children,
}: {
  id: string;
  label: MessageId;
  placeholder: MessageId;
  list: Pick<ListQueryState<ListQuery<string>>, "query" | "onSearch">;
  children?: ReactNode;
}) {
  return (
    <div className="list-toolbar">
      <SearchBox
        id={id}
        label={label}
        placeholder={placeholder}
        value={list.query.q}
        onSearch={list.onSearch}
      />
      {children}
    </div>
  );
}

/** The page-size choice and the numbered pages (first, previous, next, last) for a list of `total` rows. */
export function ListPagination({ list, total }: { list: PagedList; total: number }) {
  return (
    <Pagination
      page={list.query.page}
      pageSize={list.query.pageSize}
      total={total}
      pageSizes={listPageSizes}
      onPage={(page) => list.change({ page })}
      onPageSize={(pageSize) => list.change({ pageSize })}
    />
  );
}

/** The loading, error, empty and count texts of a list whose messages are `{prefix}.loading` and so on. */
export function listTexts(prefix: ListTextsPrefix, overrides: Partial<ListTexts> = {}): ListTexts {
  return {
    loading: `${prefix}.loading`,
    error: `${prefix}.error`,
    retry: "list.retry",
    empty: `${prefix}.empty`,
    emptyHint: `${prefix}.emptyHint`,
    count: `${prefix}.count`,
    ...overrides,
  };
}

/** The message prefixes that have every text {@link listTexts} names. */
type ListTextsPrefix = {
  [K in MessageId]: K extends `${infer P}.loading`
    ? [`${P}.error` | `${P}.empty` | `${P}.emptyHint` | `${P}.count`] extends [MessageId]
      ? P
      : never
    : never;
}[MessageId];

/**
 * One column of a list's table: its header (sortable by `sort`) and the cell each row shows. The cell
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

type Sorting<F extends string> = ListQueryState<ListQuery<F>>["sortProps"];

function HeaderCell<T, F extends string>({
  column,
  sorting,
}: {
  column: ListColumn<T, F>;
  sorting: Sorting<F>;
}) {
  const { t } = useT();
  if (column.sort) {
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

function BodyCell<T>({ column, row, format }: { column: ListColumn<T>; row: T; format: Formatters }) {
  const { t } = useT();
  const date = column.date?.(row);
  return (
    <td
      className={cellClass(column, row)}
      title={date === undefined ? column.title?.(row) : format.dateTime(date)}
      data-label={column.primary || column.actions ? undefined : t(column.label)}
      data-testid={column.testId}
    >
      {date === undefined ? column.cell?.(row) : format.ago(date)}
    </td>
  );
}

/** The head row and the body rows of a page of a list's table, drawn from its columns. */
function ListRows<T extends { id: string }, F extends string>({
  rows,
  columns,
  sorting,
  select,
  rowProps,
}: {
  rows: readonly T[];
  columns: readonly ListColumn<T, F>[];
  sorting: Sorting<F>;
  select?: ListSelectionColumn<T>;
  rowProps: (row: T) => HTMLAttributes<HTMLTableRowElement> & { "data-testid": string };
}) {
  const { t } = useT();
  const format = useFormatters();
  const selected = select?.selection.selected;
  const allSelected = rows.length > 0 && rows.every((row) => selected?.has(row.id));
  return (
    <>
      <thead>
        <tr>
          {select && (
            <th scope="col" className="select-cell">
              <input
                ref={select.allRef}
                type="checkbox"
                checked={allSelected}
                aria-label={t(select.allLabel)}
                onChange={(event) =>
                  select.selection.selectAll(
                    rows.map((row) => row.id),
                    event.target.checked,
                  )
                }
              />
            </th>
          )}
          {columns.map((column) => (
            <HeaderCell key={column.label} column={column} sorting={sorting} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} aria-selected={selected ? selected.has(row.id) : undefined} {...rowProps(row)}>
            {select && (
              <td className="select-cell">
                <input
                  type="checkbox"
                  checked={selected?.has(row.id) ?? false}
                  aria-label={select.rowLabel(row)}
                  onChange={(event) => select.selection.select(row.id, event.target.checked)}
                />
              </td>
            )}
            {columns.map((column) => (
              <BodyCell key={column.label} column={column as ListColumn<T>} row={row} format={format} />
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/**
 * A list's search with its filters, whatever sits above the table (a bulk bar), and the table of the
 * page with its states and pages: the part of a list screen below its title.
 */
export function ListBody<Q extends ListQuery<string>, T extends { id: string }>({
  list,
  resource,
  search,
  filters,
  above,
  texts,
  columns,
  select,
  rowProps,
  className,
}: {
  list: Pick<ListPageController<Q, unknown>, "query" | "onSearch" | "change" | "sortProps" | "reload">;
  /** The page of rows the table shows (`list.resource`, or rows picked from it). */
  resource: Resource<ListPageOf<T>>;
  search: { id: string; label: MessageId; placeholder: MessageId };
  filters?: ReactNode;
  above?: ReactNode;
  texts: ListTexts;
  columns: readonly ListColumn<T, Q["sort"]["field"]>[];
  select?: ListSelectionColumn<T>;
  /** The row's `data-testid` and what else its `<tr>` carries. */
  rowProps: (row: T) => HTMLAttributes<HTMLTableRowElement> & { "data-testid": string };
  className?: string;
}) {
  return (
    <>
      <ListToolbar id={search.id} label={search.label} placeholder={search.placeholder} list={list}>
        {filters}
      </ListToolbar>
      {above}
      <ListStatus resource={resource} texts={texts} onRetry={list.reload}>
        {(data) => (
          <>
            <div className="table-wrap">
              <table className={className ? `data-table ${className}` : "data-table"}>
                <ListRows
                  rows={data.items}
                  columns={columns}
                  sorting={list.sortProps}
                  select={select}
                  rowProps={rowProps}
                />
              </table>
            </div>
            <ListPagination list={list} total={data.total} />
          </>
        )}
      </ListStatus>
    </>
  );
}

/** The rows of one page and the total a list screen shows. */
export interface ListPageOf<T> {
  items: T[];
  total: number;
}

/**
 * A whole list screen: its title block ({@link ListHeader}) over its {@link ListBody}; `before` sits
 * above the title (a back link), `after` below the table (a settings card).
 */
export function ListPageView<Q extends ListQuery<string>, T extends { id: string }>({
  heading,
  before,
  after,
  sectionClassName,
  ...body
}: Parameters<typeof ListBody<Q, T>>[0] & {
  heading: Parameters<typeof ListHeader>[0];
  before?: ReactNode;
  after?: ReactNode;
  sectionClassName?: string;
}) {
  return (
    <section aria-labelledby={heading.id} className={sectionClassName}>
      {before}
      <ListHeader {...heading} />
      <ListBody {...body} />
      {after}
    </section>
  );
}
