import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { type JobListQuery, jobListSearch, parseJobListQuery } from "./job-list-query.ts";

export const jobsPath = "/dashboard/jobs";

/** The list's last query string, so "back" from a job returns to the same page of the list. */
let lastSearch = "";

export function jobListHref(): string {
  return `${jobsPath}${lastSearch}`;
}

export const jobHref = (id: string) => `${jobsPath}/${encodeURIComponent(id)}`;

/** The list state kept in the URL; typing in the search box replaces the history entry. */
export function useJobListQuery(): [JobListQuery, (next: JobListQuery, replace?: boolean) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseJobListQuery(search), [search]);
  lastSearch = jobListSearch(query);
  const setQuery = useCallback(
    (next: JobListQuery, replace = false) => navigate(`${jobsPath}${jobListSearch(next)}`, { replace }),
    [navigate],
  );
  return [query, setQuery];
}
