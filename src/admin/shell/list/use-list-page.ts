import { useEffect, useState } from "react";
import { type Resource, useResource } from "../../api/use-resource.ts";
import type { ListQuery, ListQueryCodec } from "./list-url.ts";
import { type ListQueryState, useListQuery } from "./use-list-query.ts";

/**
 * A list screen's logic apart from its view (react-admin's `useListController`): the search, filters,
 * sort and page kept in the URL at `path` ({@link useListQuery}), and the page of rows `load` answers for
 * them, asked again whenever the query changes.
 */
export interface ListPageController<Q extends ListQuery<string>, T> extends ListQueryState<Q> {
  resource: Resource<T>;
  /** Asks again with the loading state (the error state's retry, after a bulk action). */
  reload: () => void;
  /** Asks again keeping the rows on screen (a live update, a row deleted on this page). */
  refresh: () => void;
  /** Swaps in rows the screen already has (a page a live push changed). */
  replace: (data: T) => void;
  /** Back to the list as it opens: no search, the default filters, sort and page. */
  reset: () => void;
  /** Whether a search or a filter narrows the list (its reset button shows then). */
  filtered: boolean;
  /** The list's answer at another page and size with the same search and filters (the CSV export). */
  fetchPage: (page: number, pageSize: number) => Promise<T>;
}

export function useListPage<Q extends ListQuery<string>, T>({
  path,
  url,
  load,
  key,
}: {
  path: string;
  url: Pick<ListQueryCodec<Q>, "parse" | "search" | "defaults" | "filtered" | "sortBy" | "searchFor">;
  /** The list's API call for a query. */
  load: (query: Q) => Promise<T>;
  /** What decides a new request, when more than the query string does (default: the query string). */
  key?: (search: string) => string;
}): ListPageController<Q, T> {
  const list = useListQuery(path, url);
  const { resource, reload, refresh, replace } = useResource(
    () => load(list.query),
    key ? key(list.search) : list.search,
  );
  return {
    ...list,
    resource,
    reload,
    refresh,
    replace,
    reset: () => list.setQuery(url.defaults),
    filtered: url.filtered(list.query),
    fetchPage: (page, pageSize) => load({ ...list.query, page, pageSize }),
  };
}

/** The rows ticked for a bulk action, by id. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  /** Ticks or unticks one row. */
  select: (id: string, on: boolean) => void;
  /** Ticks every row of `ids` (the page shown), or none. */
  selectAll: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

/**
 * The selection of a list's rows for its bulk bar. A new search, filter, sort or page (`scope`) shows other
 * rows: the selection would act on unseen ones, so it is cleared whenever `scope` changes.
 */
export function useRowSelection(scope: string): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list's query changes.
  useEffect(() => setSelected(new Set()), [scope]);

  return {
    selected,
    select: (id, on) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    selectAll: (ids, on) => setSelected(on ? new Set(ids) : new Set()),
    clear: () => setSelected(new Set()),
  };
}
