import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/** `GET /api/challenge-categories` sorts by these (`challenges`: how many challenges use it). */
export const categorySortFields = ["title", "createdAt", "challenges"] as const;
export type CategorySortField = (typeof categorySortFields)[number];

/** The category list's state as it lives in the URL query (`/dashboard/challenge-categories?q=…`). */
export interface CategoryListQuery {
  q: string;
  sort: SortState<CategorySortField>;
  page: number;
  pageSize: number;
}

/** By title, as the API answers without a sort. */
export const defaultCategoryListQuery: CategoryListQuery = {
  q: "",
  sort: { field: "title", direction: "asc" },
  page: 1,
  pageSize: 25,
};

/** Reads a query string; unknown or invalid values fall back to the defaults. */
export function parseCategoryListQuery(search: string): CategoryListQuery {
  const params = new URLSearchParams(search);
  return {
    q: (params.get("q") ?? "").trim(),
    sort: readSort(params.get("sort"), categorySortFields, defaultCategoryListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultCategoryListQuery.pageSize, listPageSizes),
  };
}

/** Every parameter, defaults included: what `GET /api/challenge-categories` is asked. */
export function categoryListApiParams(query: CategoryListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `/dashboard/challenge-categories`. */
export function categoryListSearch(query: CategoryListQuery): string {
  return browserSearch(categoryListApiParams(query), categoryListApiParams(defaultCategoryListQuery));
}

/**
 * The page to show after a row was deleted: the previous one when the deleted row was the last on a
 * page past the first (that page no longer exists), else the same.
 */
export function pageAfterDelete(query: CategoryListQuery, rowsOnPage: number): number {
  return rowsOnPage <= 1 && query.page > 1 ? query.page - 1 : query.page;
}
