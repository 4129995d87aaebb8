import type {
  ChallengeCategory,
  ChallengeCategoryRequest,
  ChallengeDetail,
  ChallengeListItem,
  ChallengeRequest,
} from "../../shared/challenges-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { RootSkillDetail } from "../../shared/skills-api.ts";
import { api } from "../api/api-client.ts";
import { searchPickerParams } from "../shell/form/search-picker-state.ts";
import { skillsApi } from "../skills/skills-api.ts";
import { type CategoryListQuery, categoryListApiParams } from "./category-list-query.ts";
import { type ChallengeListQuery, challengeListApiParams } from "./challenge-list-query.ts";

const challengePath = (id: string) => `/api/challenges/${encodeURIComponent(id)}`;
const categoryPath = (id: string) => `/api/challenge-categories/${encodeURIComponent(id)}`;

/** The admin's calls to `/api/challenges…` (docs/platform-api.md, challenges row). */
export const challengesApi = {
  list: (query: ChallengeListQuery) =>
    api<ListPage<ChallengeListItem>>(`/api/challenges?${challengeListApiParams(query)}`),
  get: (id: string) => api<ChallengeDetail>(challengePath(id)),
  create: (body: ChallengeRequest) => api<ChallengeDetail>("/api/challenges", { method: "POST", body }),
  update: (id: string, body: ChallengeRequest) =>
    api<ChallengeDetail>(challengePath(id), { method: "PUT", body }),
  remove: (id: string) => api<void>(challengePath(id), { method: "DELETE" }),
};

/** The admin's calls to `/api/challenge-categories…` (docs/platform-api.md, challenge categories row). */
export const categoriesApi = {
  list: (query: CategoryListQuery) =>
    api<ListPage<ChallengeCategory>>(`/api/challenge-categories?${categoryListApiParams(query)}`),
  /** The first categories whose title matches `text`, for the category picker. */
  search: (text: string) =>
    api<ListPage<ChallengeCategory>>(`/api/challenge-categories?${searchPickerParams(text, "title")}`),
  get: (id: string) => api<ChallengeCategory>(categoryPath(id)),
  create: (body: ChallengeCategoryRequest) =>
    api<ChallengeCategory>("/api/challenge-categories", { method: "POST", body }),
  update: (id: string, body: ChallengeCategoryRequest) =>
    api<ChallengeCategory>(categoryPath(id), { method: "PUT", body }),
  remove: (id: string) => api<void>(categoryPath(id), { method: "DELETE" }),
};

/**
 * Every root skill with its sub-skills, for the challenge form's skill choice. The tree answers roots
 * only, so each root's sub-skills come from its own read (a handful of roots: 8 in the demo data).
 */
export async function loadSkillChoices(): Promise<RootSkillDetail[]> {
  const tree = await skillsApi.tree();
  return Promise.all(tree.roots.map((root) => skillsApi.get(root.id)));
}
