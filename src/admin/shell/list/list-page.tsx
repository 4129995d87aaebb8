import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { PageHeading } from "../layout/page-heading.tsx";
import { ListStatus, type ListTexts } from "./list-status.tsx";
import { type ListQuery, listPageSizes } from "./list-url.ts";
import { Pagination } from "./pagination.tsx";
import { SearchBox } from "./search-box.tsx";
import type { ListQueryState } from "./use-list-query.ts";

// The scaffolding the list screens share around their own columns and rows, so they look and behave
// alike: the title block, the search with the list's filters, and the table with its states and pages.

/** The part of a list's {@link ListQueryState} its pages need. */
interface PagedList {
  query: { page: number; pageSize: number };
  change: (change: { page?: number; pageSize?: number }) => void;
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

/**
 * A list's rows as a table with its pages below, or the loading, error and empty states instead
 * ({@link ListStatus}). `head` holds the column headers, `children` draws the rows of a page.
 */
export function ListTable<T extends { total: number }>({
  list,
  resource,
  texts,
  onRetry,
  className,
  head,
  children,
}: {
  list: PagedList;
  resource: Resource<T>;
  texts: ListTexts;
  onRetry: () => void;
  className?: string;
  head: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <ListStatus resource={resource} texts={texts} onRetry={onRetry}>
      {(data) => (
        <>
          <div className="table-wrap">
            <table className={className ? `data-table ${className}` : "data-table"}>
              <thead>
                <tr>{head}</tr>
              </thead>
              <tbody>{children(data)}</tbody>
            </table>
          </div>
          <ListPagination list={list} total={data.total} />
        </>
      )}
    </ListStatus>
  );
}
