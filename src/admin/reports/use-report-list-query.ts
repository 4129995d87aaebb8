import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { parseReportListQuery, type ReportListQuery, reportListSearch } from "./report-list-query.ts";

export const reportsPath = "/dashboard/reported-tasks";

/** The list's last query string, so "Go Back" from a report returns to the same page of the list. */
let lastSearch = "";

export function reportListHref(): string {
  return `${reportsPath}${lastSearch}`;
}

export const reportHref = (id: string) => `${reportsPath}/${encodeURIComponent(id)}`;

/** The list state kept in the URL; typing in the search box replaces the history entry. */
export function useReportListQuery(): [ReportListQuery, (next: ReportListQuery, replace?: boolean) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseReportListQuery(search), [search]);
  lastSearch = reportListSearch(query);
  const setQuery = useCallback(
    (next: ReportListQuery, replace = false) =>
      navigate(`${reportsPath}${reportListSearch(next)}`, { replace }),
    [navigate],
  );
  return [query, setQuery];
}
