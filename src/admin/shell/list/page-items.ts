/** A page number to offer, or a gap standing for two or more pages left out. */
export type PageItem = number | "gap";

export interface PageItemOptions {
  /** Pages shown on each side of the current one (default 2). */
  siblings?: number;
  /** Pages always shown at each end (default 1: the first and the last); 0 shows only the window. */
  boundaries?: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * The page numbers of a pager, as MUI's and react-admin's `Pagination` lay them out: the first and last
 * pages, a window around the current one, and a gap for the pages between them, e.g. page 6 of 48 is
 * `1 … 4 5 6 7 8 … 48`. The number of items stays the same on every page, so the buttons do not move
 * under the pointer while paging; a gap never stands for a single page (that page is shown instead).
 * Without boundaries (narrow screens) only the window is shown: `5 6 7`.
 */
export function pageItems(page: number, pages: number, options: PageItemOptions = {}): PageItem[] {
  const { siblings = 2, boundaries = 1 } = options;
  const last = Math.max(1, Math.floor(pages));
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  const window = 2 * siblings + 1;
  if (boundaries <= 0) {
    const start = Math.max(1, Math.min(current - siblings, last - window + 1));
    return range(start, Math.min(last, start + window - 1));
  }
  // The boundaries at both ends, a gap (or its one page) on each side, and the window.
  if (last <= 2 * boundaries + 2 + window) return range(1, last);
  const lowest = boundaries + 2;
  const highest = last - boundaries - 1;
  const start = Math.min(Math.max(current - siblings, lowest), highest - window + 1);
  const end = start + window - 1;
  return [
    ...range(1, boundaries),
    start === lowest ? boundaries + 1 : "gap",
    ...range(start, end),
    end === highest ? last - boundaries : "gap",
    ...range(last - boundaries + 1, last),
  ];
}
