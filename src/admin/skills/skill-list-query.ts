import type { RootSkillSummary } from "../../shared/skills-schemas.ts";
import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/**
 * The root skill list. `GET /api/skills` answers the whole root grid at once (at most 12 × 12 skills),
 * so search, sort and pages are applied here, but kept in the URL like every other list.
 */
export const skillSortFields = ["position", "name", "subSkills", "updatedAt"] as const;
export type SkillSortField = (typeof skillSortFields)[number];

export interface SkillListQuery {
  q: string;
  sort: SortState<SkillSortField>;
  page: number;
  pageSize: number;
}

export const defaultSkillListQuery: SkillListQuery = {
  q: "",
  sort: { field: "position", direction: "asc" },
  page: 1,
  pageSize: 25,
};

export function parseSkillListQuery(search: string): SkillListQuery {
  const params = new URLSearchParams(search);
  return {
    q: (params.get("q") ?? "").trim(),
    sort: readSort(params.get("sort"), skillSortFields, defaultSkillListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultSkillListQuery.pageSize, listPageSizes),
  };
}

function listParams(query: SkillListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `/dashboard/skill-tree`. */
export function skillListSearch(query: SkillListQuery): string {
  return browserSearch(listParams(query), listParams(defaultSkillListQuery));
}

const byPosition = (a: RootSkillSummary, b: RootSkillSummary) => a.row - b.row || a.column - b.column;

const comparators: Record<SkillSortField, (a: RootSkillSummary, b: RootSkillSummary) => number> = {
  position: byPosition,
  name: (a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || byPosition(a, b),
  subSkills: (a, b) => a.subSkillCount - b.subSkillCount || byPosition(a, b),
  updatedAt: (a, b) => a.updatedAt.localeCompare(b.updatedAt) || byPosition(a, b),
};

/**
 * The roots the list shows: those whose name or id contains the search (case-insensitive), sorted, and
 * the requested page of them, with the number of matches for the count line and the pages.
 */
export function visibleRoots(
  roots: readonly RootSkillSummary[],
  query: SkillListQuery,
): { items: RootSkillSummary[]; total: number } {
  const needle = query.q.toLowerCase();
  const matching = roots.filter(
    (root) => !needle || root.name.toLowerCase().includes(needle) || root.id.includes(needle),
  );
  const compare = comparators[query.sort.field];
  const sign = query.sort.direction === "asc" ? 1 : -1;
  const sorted = [...matching].sort((a, b) => sign * compare(a, b));
  const start = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize), total: matching.length };
}
