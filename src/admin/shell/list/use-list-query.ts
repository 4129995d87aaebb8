import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { changeListQuery, type ListQuery, type ListQueryCodec } from "./list-url.ts";

/** The history state that marks an entry a typing pause made: the search's next step replaces it. */
const typedEntry = { listSearchTyped: true } as const;

const isTypedEntry = (state: unknown) =>
  typeof state === "object" &&
  state !== null &&
  (state as Partial<typeof typedEntry>).listSearchTyped === true;

/**
 * How a search step changes the history. Nothing when the list already shows that query (Enter after a
 * pause that searched the same text). Otherwise the first step of a search adds an entry and the next
 * ones replace it, so one search is one entry whatever its pauses: a pause that replaced the entry
 * before it, as typing once did, lost the previous search when Enter came after the pause and
 * "back" then showed the new search again. Enter ends the search: its entry stays as any other
 * change's does (an Enter on what a pause already shows only takes the mark off).
 */
export function searchEntry(
  current: string,
  next: string,
  typing: boolean,
  historyState: unknown,
): { replace: boolean; state: typeof typedEntry | null } | null {
  const typed = isTypedEntry(historyState);
  if (next === current) return typed && !typing ? { replace: true, state: null } : null;
  return { replace: typed, state: typing ? typedEntry : null };
}

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
  /**
   * For the search box: `typing` (a pause) or not (Enter). One search is one history entry, so "back"
   * skips the keystrokes and returns to the list as it was before the search (see `searchEntry`).
   */
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
    (q: string, typing: boolean) => {
      const next = toSearch(searchFor(query, q));
      const step = searchEntry(search, next, typing, window.history.state);
      if (step) navigate(`${path}${next}`, step);
    },
    [query, search, navigate, path, toSearch, searchFor],
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
