import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { type Translator, useT } from "../../i18n/intl.ts";
import { buttonClass } from "../button.tsx";
import { PageHeader } from "../layout/page-header.tsx";
import type { MessagePrefix } from "../message-prefix.ts";
import type { CsvColumn, RowsPage } from "./csv-export.ts";
import { ExportButton } from "./list-export.tsx";
import { type DeclaredFilter, DeclaredFilters } from "./list-filters.tsx";
import { ListStatus, type ListTexts } from "./list-status.tsx";
import { type ListQuery, listPageSizes } from "./list-url.ts";
import { Pagination } from "./pagination.tsx";
import { type ListColumn, type ListSelectionColumn, RecordTable, type RowProps } from "./record-table.tsx";
import { SearchBox } from "./search-box.tsx";
import type { ListPageController } from "./use-list-page.ts";
import type { ListQueryState } from "./use-list-query.ts";

// The view of the list screens (react-admin's `<List>`), so they look and behave alike: the title block,
// the search with the list's filters, and the table (record-table.tsx) with its states and pages. A screen
// declares only its names, actions, columns and filters; its state comes from `useListPage` (use-list-page.ts).

// The list screens declare their columns by these names.
export type { ListColumn, ListSelectionColumn } from "./record-table.tsx";

/** The part of a list's {@link ListQueryState} its pages need. */
interface PagedList {
  query: { page: number; pageSize: number };
  // Method syntax on purpose: it lets a list's `change` of any query (generic ones too) stand here.
  change(change: { page?: number; pageSize?: number }): void;
}

/** A list's title block ({@link PageHeader}), its `actions` (create, related lists) in one group. */
export function ListHeader({
  actions,
  ...header
}: Parameters<typeof PageHeader>[0] & { subtitle: ReactNode }) {
  return <PageHeader {...header} actions={actions && <div className="page-actions">{actions}</div>} />;
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

/**
 * The names a list's ids and messages are made of: `messages` prefixes its texts (`{messages}.title`,
 * `.subtitle`, `.search`, `.searchPlaceholder` and the {@link listTexts}), `item` its ids (the search box
 * `{item}-search`, each row's test id `{item}-row`); the title's id is `{messages}-title` unless `titleId`.
 */
export interface ListNames<P extends string = ListScreenPrefix> {
  messages: P;
  item: string;
  titleId?: string;
}

/** The message prefixes with {@link listTexts}'s texts and the search's (a list below a title of its own). */
type ListBodyPrefix = {
  [P in ListTextsPrefix]: [`${P}.search` | `${P}.searchPlaceholder`] extends [MessageId] ? P : never;
}[ListTextsPrefix];

/** The message prefixes with a list screen's every text: {@link ListBodyPrefix}'s, the title and subtitle. */
type ListScreenPrefix = {
  [P in ListBodyPrefix]: [`${P}.title` | `${P}.subtitle`] extends [MessageId] ? P : never;
}[ListBodyPrefix];

/** The message prefixes that have every text {@link listTexts} names. */
type ListTextsPrefix = MessagePrefix<".loading", ".error" | ".empty" | ".emptyHint" | ".count">;

/** What the list views use of a list's controller ({@link ListPageController}). */
type ListViewController<Q extends ListQuery<string>> = Pick<
  ListPageController<Q, unknown>,
  "query" | "onSearch" | "change" | "sortProps" | "reload" | "reset" | "filtered"
>;

/**
 * A list's search with its declared filters, whatever sits above the table (a bulk bar), and the table of
 * the page with its states and pages: the part of a list screen below its title. Its ids and texts come
 * from `names` ({@link ListNames}); `texts` replaces some of them.
 */
export function ListBody<Q extends ListQuery<string>, T extends { id: string }>({
  names,
  list,
  resource,
  filters,
  filterTexts,
  above,
  texts,
  columns,
  select,
  rowProps = () => ({ "data-testid": `${names.item}-row` }),
  className,
}: {
  names: ListNames<ListBodyPrefix>;
  list: ListViewController<Q>;
  /** The page of rows the table shows (`list.resource`, or rows picked from it). */
  resource: Resource<ListPageOf<T>>;
  filters?: readonly DeclaredFilter<Q>[];
  /** The filter group's name and its reset button's text, where not the lists' usual ones. */
  filterTexts?: { legend: MessageId; reset: MessageId };
  above?: ReactNode;
  texts?: Partial<ListTexts>;
  columns: readonly ListColumn<T, Q["sort"]["field"]>[];
  select?: ListSelectionColumn<T>;
  rowProps?: RowProps<T>;
  className?: string;
}) {
  return (
    <>
      <ListToolbar
        id={`${names.item}-search`}
        label={`${names.messages}.search`}
        placeholder={`${names.messages}.searchPlaceholder`}
        list={list}
      >
        {filters && (
          <DeclaredFilters
            list={list}
            filters={filters}
            legend={filterTexts?.legend}
            reset={filterTexts?.reset}
          />
        )}
      </ListToolbar>
      {above}
      <ListStatus resource={resource} texts={listTexts(names.messages, texts)} onRetry={list.reload}>
        {(data) => (
          <>
            <RecordTable
              rows={data.items}
              columns={columns}
              sorting={list.sortProps}
              select={select}
              rowProps={rowProps}
              className={className}
            />
            <ListPagination list={list} total={data.total} />
          </>
        )}
      </ListStatus>
    </>
  );
}

/**
 * What a list screen offers by its title, in this order: the CSV export of every row its search and
 * filters match, links to related screens, and the link that creates a record.
 */
export interface ListActions<T> {
  exportCsv?: {
    name: string;
    fetchPage: (page: number, pageSize: number) => Promise<RowsPage<T>>;
    columns: (tr: Translator) => CsvColumn<T>[];
  };
  links?: readonly { href: string; label: MessageId }[];
  create?: { href: string; label: MessageId };
}

function ListActionButtons<T extends { id: string }>({ exportCsv, links = [], create }: ListActions<T>) {
  const { t } = useT();
  return (
    <>
      {exportCsv && <ExportButton {...exportCsv} />}
      {links.map((link) => (
        <Link key={link.href} href={link.href} className={buttonClass({ variant: "secondary" })}>
          {t(link.label)}
        </Link>
      ))}
      {create && (
        <Link href={create.href} className={buttonClass()}>
          {t(create.label)}
        </Link>
      )}
    </>
  );
}

/** The rows of one page and the total a list screen shows. */
export interface ListPageOf<T> {
  items: T[];
  total: number;
}

/**
 * A whole list screen: its title block ({@link ListHeader}, with `{messages}.title` and `.subtitle`
 * unless `heading` says otherwise, and its `actions`) over its {@link ListBody}; `before` sits above the
 * title (a back link), `after` below the table (a settings card).
 */
export function ListPageView<Q extends ListQuery<string>, T extends { id: string }>({
  heading,
  actions,
  before,
  after,
  sectionClassName,
  ...body
}: Omit<Parameters<typeof ListBody<Q, T>>[0], "names"> & {
  names: ListNames;
  heading?: Partial<Parameters<typeof ListHeader>[0]>;
  actions?: ListActions<T>;
  before?: ReactNode;
  after?: ReactNode;
  sectionClassName?: string;
}) {
  const { t } = useT();
  const { messages, titleId = `${messages}-title` } = body.names;
  return (
    <section aria-labelledby={titleId} className={sectionClassName}>
      {before}
      <ListHeader
        id={titleId}
        title={t(`${messages}.title`)}
        subtitle={t(`${messages}.subtitle`)}
        actions={actions && <ListActionButtons {...actions} />}
        {...heading}
      />
      <ListBody {...body} />
      {after}
    </section>
  );
}
