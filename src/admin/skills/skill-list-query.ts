import type { RootSkillSummary } from "../../shared/skills-api.ts";
import { createListQuery } from "../shell/list/list-url.ts";

/**
 * The root skill list. `GET /api/skills` answers the whole root grid at once (at most 12 × 12 skills),
 * so search, sort and pages are applied here, but kept in the URL like every other list.
 */
export const skillSortFields = ["position", "name", "subSkills", "updatedAt"] as const;
export type SkillSortField = (typeof skillSortFields)[number];

/** The root skill list's state as it lives in the URL query (`/dashboard/skill-tree?q=…`). */
export const skillListUrl = createListQuery({
  sortFields: skillSortFields,
  defaultSort: { field: "position", direction: "asc" },
});
export type SkillListQuery = typeof skillListUrl.defaults;

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
