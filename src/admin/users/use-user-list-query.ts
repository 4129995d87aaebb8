import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { parseUserListQuery, type UserListQuery, userListSearch } from "./user-list-query.ts";

export const usersPath = "/dashboard/users";

/** The list's last query string, so "back to the users" from a detail returns to the same page. */
let lastSearch = "";

export function userListHref(): string {
  return `${usersPath}${lastSearch}`;
}

/**
 * The list state kept in the URL: reading parses the query, a change navigates. Typing in the search box
 * replaces the history entry (`replace`), so the back button skips the keystrokes.
 */
export function useUserListQuery(): [UserListQuery, (next: UserListQuery, replace?: boolean) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseUserListQuery(search), [search]);
  lastSearch = userListSearch(query);
  const setQuery = useCallback(
    (next: UserListQuery, replace = false) => navigate(`${usersPath}${userListSearch(next)}`, { replace }),
    [navigate],
  );
  return [query, setQuery];
}
