import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/** `GET /api/skills/{rootSkill}/sub-skills` sorts by these (`position`: row by row, as the grid reads). */
export const subSkillSortFields = ["position", "name", "createdAt", "updatedAt"] as const;
export type SubSkillSortField = (typeof subSkillSortFields)[number];

/** The sub-skill list's state as it lives in the URL query (`…/sub-skills?q=…&sort=name`). */
export interface SubSkillListQuery {
  q: string;
  sort: SortState<SubSkillSortField>;
  page: number;
  pageSize: number;
}

export const defaultSubSkillListQuery: SubSkillListQuery = {
  q: "",
  sort: { field: "position", direction: "asc" },
  page: 1,
  pageSize: 25,
};

/** Reads a query string; unknown or invalid values fall back to the defaults. */
export function parseSubSkillListQuery(search: string): SubSkillListQuery {
  const params = new URLSearchParams(search);
  return {
    q: (params.get("q") ?? "").trim(),
    sort: readSort(params.get("sort"), subSkillSortFields, defaultSubSkillListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultSubSkillListQuery.pageSize, listPageSizes),
  };
}

/** Every parameter, defaults included: what the API is asked. */
export function subSkillListApiParams(query: SubSkillListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `…/sub-skills`. */
export function subSkillListSearch(query: SubSkillListQuery): string {
  return browserSearch(subSkillListApiParams(query), subSkillListApiParams(defaultSubSkillListQuery));
}
