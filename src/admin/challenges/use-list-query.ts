import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";

/** Each list's last query string by path, so "back" from a record returns to the same page of its list. */
const lastSearch = new Map<string, string>();

/** A list's path with the search, filters, sort and page it showed last. */
export function listHref(path: string): string {
  return `${path}${lastSearch.get(path) ?? ""}`;
}

/**
 * A list's state kept in the URL query: `parse` reads it, `toSearch` writes it (defaults left out).
 * Typing in the search box replaces the history entry instead of adding one per pause.
 */
export function useListQuery<Q>(
  path: string,
  parse: (search: string) => Q,
  toSearch: (query: Q) => string,
): [Q, (next: Q, replace?: boolean) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parse(search), [parse, search]);
  lastSearch.set(path, toSearch(query));
  const setQuery = useCallback(
    (next: Q, replace = false) => navigate(`${path}${toSearch(next)}`, { replace }),
    [navigate, path, toSearch],
  );
  return [query, setQuery];
}
