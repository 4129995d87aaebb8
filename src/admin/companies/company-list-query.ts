import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/** `GET /api/companies` sorts by these (`jobs`: the number of jobs). */
export const companySortFields = ["name", "createdAt", "jobs"] as const;
export type CompanySortField = (typeof companySortFields)[number];

export interface CompanyListQuery {
  q: string;
  sort: SortState<CompanySortField>;
  page: number;
  pageSize: number;
}

export const defaultCompanyListQuery: CompanyListQuery = {
  q: "",
  sort: { field: "name", direction: "asc" },
  page: 1,
  pageSize: 25,
};

export function parseCompanyListQuery(search: string): CompanyListQuery {
  const params = new URLSearchParams(search);
  return {
    q: (params.get("q") ?? "").trim(),
    sort: readSort(params.get("sort"), companySortFields, defaultCompanyListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultCompanyListQuery.pageSize, listPageSizes),
  };
}

export function companyListApiParams(query: CompanyListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

export function companyListSearch(query: CompanyListQuery): string {
  return browserSearch(companyListApiParams(query), companyListApiParams(defaultCompanyListQuery));
}
