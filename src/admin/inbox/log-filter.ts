import type { ConsoleEntry, NetworkEntry } from "./report-detail-view.ts";

/**
 * The logs' "failed only" switch and search box. One filter serves both logs: "failed"
 * means an error line in the console and a request that got no answer or an error status in the
 * network log, which is what an admin hunting a bug looks for first.
 */
export interface LogFilter {
  failedOnly: boolean;
  query: string;
}

export const noLogFilter: LogFilter = { failedOnly: false, query: "" };

/** No answer at all, or an HTTP error status. Resource timings carry no status and never count. */
export function requestFailed(entry: Pick<NetworkEntry, "failed" | "status" | "resource">): boolean {
  if (entry.resource) return false;
  return entry.failed || (entry.status !== null && entry.status >= 400);
}

/** The search's words, lower-cased; an entry matches when every word occurs somewhere in it. */
function terms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

const containsAll = (haystack: string, words: readonly string[]) => {
  const text = haystack.toLowerCase();
  return words.every((word) => text.includes(word));
};

export function consoleEntryShown(entry: ConsoleEntry, filter: LogFilter): boolean {
  if (filter.failedOnly && entry.level !== "ERROR") return false;
  return containsAll(entry.text, terms(filter.query));
}

export function networkEntryShown(entry: NetworkEntry, filter: LogFilter): boolean {
  if (filter.failedOnly && !requestFailed(entry)) return false;
  const status = entry.status === null ? "" : `${entry.status} ${entry.statusText}`;
  return containsAll(`${entry.method} ${entry.url} ${status}`, terms(filter.query));
}

export const isFiltering = (filter: LogFilter): boolean => filter.failedOnly || filter.query.trim() !== "";
