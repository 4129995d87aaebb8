import {
  type ChallengeDifficulty,
  type ChallengeStatus,
  challengeDifficulties,
  challengeStatuses,
} from "../../shared/challenges-schemas.ts";
import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/** `GET /api/challenges` sorts by these (`tasks`: the number of tasks; `difficulty`: easiest first). */
export const challengeSortFields = ["title", "createdAt", "tasks", "difficulty"] as const;
export type ChallengeSortField = (typeof challengeSortFields)[number];

/** The `categoryId` filter value the API reads as "challenges without a category". */
export const uncategorised = "none";

/** The challenge list's state as it lives in the URL query (`/dashboard/challenges?q=…&status=…`). */
export interface ChallengeListQuery {
  q: string;
  /** "" for any category, {@link uncategorised} for none, else a category id. */
  categoryId: string;
  difficulty: ChallengeDifficulty | null;
  status: ChallengeStatus | null;
  sort: SortState<ChallengeSortField>;
  page: number;
  pageSize: number;
}

/** Newest first, as the API answers without a sort. */
export const defaultChallengeListQuery: ChallengeListQuery = {
  q: "",
  categoryId: "",
  difficulty: null,
  status: null,
  sort: { field: "createdAt", direction: "desc" },
  page: 1,
  pageSize: 25,
};

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** Reads a query string; unknown or invalid values fall back to the defaults. */
export function parseChallengeListQuery(search: string): ChallengeListQuery {
  const params = new URLSearchParams(search);
  return {
    q: (params.get("q") ?? "").trim(),
    categoryId: (params.get("categoryId") ?? "").trim(),
    difficulty: pick(challengeDifficulties, params.get("difficulty")),
    status: pick(challengeStatuses, params.get("status")),
    sort: readSort(params.get("sort"), challengeSortFields, defaultChallengeListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultChallengeListQuery.pageSize, listPageSizes),
  };
}

/** Every parameter, defaults included: what `GET /api/challenges` is asked. */
export function challengeListApiParams(query: ChallengeListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.categoryId) params.set("categoryId", query.categoryId);
  if (query.difficulty) params.set("difficulty", query.difficulty);
  if (query.status) params.set("status", query.status);
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `/dashboard/challenges`. */
export function challengeListSearch(query: ChallengeListQuery): string {
  return browserSearch(challengeListApiParams(query), challengeListApiParams(defaultChallengeListQuery));
}

/** Whether any search or filter narrows the list (the reset button shows then). */
export function challengeListFiltered(query: ChallengeListQuery): boolean {
  return Boolean(query.q || query.categoryId || query.difficulty || query.status);
}
