import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { changeListQuery, type ListQuery, type ListQueryCodec } from "./list-url.ts";

/** Each list's last query string by path, so "back" from a record returns to the same page of its list. */
const lastSearch = new Map<string, string>();

/** A list's path with the search, filters, sort and page it showed last. */
export function listHref(path: string): string {
  return `${path}${lastSearch.get(path) ?? ""}`;
}

export interface ListQueryState<Q extends ListQuery<string>> {
  query: Q;
  /** The query string the list shows (defaults left out): the key its request is made again by. */
  search: string;
  /** Shows the list in state `next`; `replace` swaps the history entry instead of adding one. */
  setQuery: (next: Q, replace?: boolean) => void;
  /** A filter, page or page size change; any change but the page itself starts again on page 1. */
  change: (change: Partial<Q>) => void;
  /** For the search box: typing replaces the history entry, so "back" skips the keystrokes. */
  onSearch: (q: string, typing: boolean) => void;
  /** For the sortable column headers. */
  sortProps: { sort: Q["sort"]; onSort: (field: Q["sort"]["field"]) => void };
}

/**
 * A list's state kept in the URL query at `path`, read and written by `url` (defaults left out), so a
 * reload, a shared link or the back button shows the same search, filters, sort and page.
 */
export function useListQuery<Q extends ListQuery<string>>(
  path: string,
  url: Pick<ListQueryCodec<Q>, "parse" | "search" | "sortBy" | "searchFor">,
): ListQueryState<Q> {
  const { parse, search: toSearch, sortBy, searchFor } = url;
  const current = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parse(current), [parse, current]);
  const search = toSearch(query);
  lastSearch.set(path, search);
  const setQuery = useCallback(
    (next: Q, replace = false) => navigate(`${path}${toSearch(next)}`, { replace }),
    [navigate, path, toSearch],
  );
  // Kept stable while the query stands: the search box restarts its typing pause when this changes.
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(searchFor(query, q), typing),
    [query, setQuery, searchFor],
  );
  return {
    query,
    search,
    setQuery,
    change: (change) => setQuery(changeListQuery(query, change)),
    onSearch,
    sortProps: { sort: query.sort, onSort: (field) => setQuery(sortBy(query, field)) },
  };
}
