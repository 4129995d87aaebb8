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
): Q {
  const direction = query.sort.field === field ? (query.sort.direction === "asc" ? "desc" : "asc") : "asc";
  return changeListQuery(query, { sort: { field, direction } } as Partial<Q>);
}

export const listPageSizes = [10, 25, 50, 100] as const;
