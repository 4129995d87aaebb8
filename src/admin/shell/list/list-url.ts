import type { SortState } from "./sort-header.tsx";

/**
 * Pieces shared by the list screens that keep their state in the URL query: sort (`field` or `-field`),
 * whole numbers with a fallback, and the rule that any change but the page starts again on page 1.
 */
export function readSort<F extends string>(
  value: string | null,
  fields: readonly F[],
  fallback: SortState<F>,
): SortState<F> {
  if (!value) return fallback;
  const field = value.replace(/^-/, "");
  if (!(fields as readonly string[]).includes(field)) return fallback;
  return { field: field as F, direction: value.startsWith("-") ? "desc" : "asc" };
}

export const sortParam = <F extends string>({ field, direction }: SortState<F>) =>
  `${direction === "desc" ? "-" : ""}${field}`;

export function readWhole(value: string | null, fallback: number, allowed?: readonly number[]): number {
  const number = Number(value);
  if (!value || !Number.isInteger(number) || number < 1) return fallback;
  return allowed && !allowed.includes(number) ? fallback : number;
}

/** The browser's query string: the API parameters without those equal to the defaults'. */
export function browserSearch(params: URLSearchParams, defaults: URLSearchParams): string {
  for (const name of ["sort", "page", "pageSize"]) {
    if (params.get(name) === defaults.get(name)) params.delete(name);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function changeListQuery<Q extends { page: number }>(query: Q, change: Partial<Q>): Q {
  const next = { ...query, ...change };
  if (!("page" in change)) next.page = 1;
  return next;
}

/** A click on a column header: the same column flips its direction, a new one starts ascending. */
export function toggleListSort<Q extends { page: number; sort: SortState<string> }>(
  query: Q,
  field: Q["sort"]["field"],
  firstDirection: SortState<string>["direction"] = "asc",
): Q {
  const direction =
    query.sort.field === field ? (query.sort.direction === "asc" ? "desc" : "asc") : firstDirection;
  return changeListQuery(query, { sort: { field, direction } } as Partial<Q>);
}

export const listPageSizes = [10, 25, 50, 100] as const;

/** Every list opens with this many rows a page; the API answers the same without `pageSize`. */
const defaultPageSize = 25;

/** What every list keeps in the URL; a list's own filters come on top. */
export interface ListQuery<F extends string> {
  q: string;
  sort: SortState<F>;
  page: number;
  pageSize: number;
}

/**
 * One filter's URL parameter, read back from the query string and written to it under the filter's name
 * (`null`: the parameter is left out, which the API reads as "any").
 */
export interface ListFilter<T> {
  // Method syntax on purpose: it lets a `ListFilter<string>` stand in a record of filters of any kind.
  read(value: string | null): T;
  write(value: T): string | null;
  /** The API's parameter, where it differs from the URL's (an explicit "any" the API reads as no parameter). */
  api?(value: T): string | null;
}

/** Free text such as an id a link put there: trimmed, left out when empty. */
export const textFilter: ListFilter<string> = {
  read: (value) => (value ?? "").trim(),
  write: (value) => value || null,
};

/** One of the API's values, else "any": an unknown value in a hand-edited URL is ignored, not sent on. */
export function choiceFilter<T extends string>(values: readonly T[]): ListFilter<T | null> {
  return {
    read: (value) => ((values as readonly string[]).includes(value ?? "") ? (value as T) : null),
    write: (value) => value,
  };
}

/** The URL value of an explicit "any" for a filter whose absence means its default. */
export const anyValue = "any";

/**
 * One of the API's values, opening at `fallback` (react-admin's `filterDefaultValues`): a URL without the
 * parameter shows the default, `any` shows every value (and asks the API without the parameter). The
 * value is always written to the URL, so a link says what it shows.
 */
export function defaultedChoiceFilter<T extends string>(
  values: readonly T[],
  fallback: T,
): ListFilter<T | null> {
  return {
    read: (value) =>
      value === anyValue
        ? null
        : (values as readonly string[]).includes(value ?? "")
          ? (value as T)
          : fallback,
    write: (value) => value ?? anyValue,
    api: (value) => value,
  };
}

/** `true` or `false`, else "any". */
export const flagFilter: ListFilter<boolean | null> = {
  read: (value) => (value === "true" ? true : value === "false" ? false : null),
  write: (value) => (value === null ? null : String(value)),
};

type FilterValues<R> = { [K in keyof R]: R[K] extends ListFilter<infer T> ? T : never };

/** A list's URL state, read and written. */
export interface ListQueryCodec<Q> {
  /** The list as an empty query string opens it. */
  defaults: Q;
  /** Reads a query string (with or without `?`); unknown or invalid values fall back to the defaults. */
  parse: (search: string) => Q;
  /** Every parameter, defaults included: what the list's API is asked. */
  apiParams: (query: Q) => URLSearchParams;
  /** The browser's query string: sort and page left out while at their defaults, so a plain list has none. */
  search: (query: Q) => string;
  /** Whether a search or any filter away from its default narrows the list (its reset button shows then). */
  filtered: (query: Q) => boolean;
  /** A click on a column header: the other way round on the sorted column, else its first direction. */
  sortBy: (query: Q, field: string) => Q;
  /**
   * The list searched for `q` (page 1): a search begun on the list's default order opens in the
   * search's own (`searchedSort`); one begun on a column the person chose keeps it.
   */
  searchFor: (query: Q, q: string) => Q;
}

/**
 * The URL state of a list that sorts by `sortFields`, with the search `q`, pages and the given `filters`
 * (parameter name to its kind). Every list reads and writes these the same way, so only what differs is
 * spelled out per list; parameters go in a fixed order (`q`, the filters as given, sort, page, size), so
 * the same state always makes the same URL and the same request key.
 */
export function createListQuery<
  F extends string,
  R extends Record<string, ListFilter<unknown>> = Record<never, never>,
>(options: {
  sortFields: readonly F[];
  defaultSort: SortState<F>;
  /** Columns whose first click sorts downwards (the most urgent, the newest, the most first). */
  descendingFirst?: readonly F[];
  /**
   * The order a search opens in, in place of `defaultSort` (the ranked lists: `-relevance`, best match
   * first); a click on a column still sorts the matches by it. Without a search it reads as the default.
   */
  searchedSort?: SortState<F>;
  filters?: R;
}): ListQueryCodec<ListQuery<F> & FilterValues<R>> {
  type Q = ListQuery<F> & FilterValues<R>;
  const filters = Object.entries(options.filters ?? {}) as [string, ListFilter<unknown>][];
  const sortOpening = (q: string) => (q && options.searchedSort) || options.defaultSort;
  // A search's own order means nothing once the search is cleared: the list is in its default again.
  const unsearchedSort = (query: Q): SortState<F> =>
    !query.q && query.sort.field === options.searchedSort?.field ? options.defaultSort : query.sort;

  const parse = (search: string): Q => {
    const params = new URLSearchParams(search);
    const query: Record<string, unknown> = { q: textFilter.read(params.get("q")) };
    for (const [name, filter] of filters) query[name] = filter.read(params.get(name));
    query.sort = readSort(params.get("sort"), options.sortFields, sortOpening(query.q as string));
    query.sort = unsearchedSort(query as Q);
    query.page = readWhole(params.get("page"), 1);
    query.pageSize = readWhole(params.get("pageSize"), defaultPageSize, listPageSizes);
    return query as Q;
  };

  const params = (query: Q, forApi: boolean): URLSearchParams => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    for (const [name, filter] of filters) {
      const current = (query as Record<string, unknown>)[name];
      const value = forApi && filter.api ? filter.api(current) : filter.write(current);
      if (value !== null) params.set(name, value);
    }
    params.set("sort", sortParam(unsearchedSort(query)));
    params.set("page", String(query.page));
    params.set("pageSize", String(query.pageSize));
    return params;
  };
  const apiParams = (query: Q) => params(query, true);

  // The defaults are what an empty query string reads as, so the two cannot drift apart.
  const defaults = parse("");
  const defaultParams = params(defaults, false);
  // A search opens in its own order: that one, not the plain list's, is left out of the URL then.
  const openingParams = (query: Q) =>
    query.q && options.searchedSort
      ? params({ ...defaults, q: query.q, sort: options.searchedSort }, false)
      : defaultParams;
  return {
    defaults,
    parse,
    apiParams,
    search: (query) => browserSearch(params(query, false), openingParams(query)),
    filtered: (query) =>
      query.q !== "" ||
      filters.some(
        ([name]) => (query as Record<string, unknown>)[name] !== (defaults as Record<string, unknown>)[name],
      ),
    searchFor: (query, q) => {
      const next = changeListQuery(query, { q } as Partial<Q>);
      const inDefaultOrder =
        query.sort.field === options.defaultSort.field &&
        query.sort.direction === options.defaultSort.direction;
      if (q && !query.q && inDefaultOrder && options.searchedSort) next.sort = options.searchedSort;
      return next;
    },
    sortBy: (query, field) =>
      toggleListSort(
        query as ListQuery<F>,
        field as F,
        options.descendingFirst?.includes(field as F) ? "desc" : "asc",
      ) as Q,
  };
}
