import type { ListPage } from "../../shared/list-page-api.ts";
import type {
  RootSkillCreate,
  RootSkillDetail,
  RootSkillUpdate,
  SkillTree,
  SkillTreeGrid,
  SubSkill,
  SubSkillWrite,
} from "../../shared/skills-api.ts";
import { api } from "../api/api-client.ts";
import { type SubSkillListQuery, subSkillListApiParams } from "./sub-skill-list-query.ts";

const rootPath = (rootId: string) => `/api/skills/${encodeURIComponent(rootId)}`;
const subPath = (rootId: string, subId: string) =>
  `${rootPath(rootId)}/sub-skills/${encodeURIComponent(subId)}`;

/** The admin's calls to `/api/skills…` (docs/platform-api.md, skill tree row). */
export const skillsApi = {
  /** The whole root grid: its size and every root skill with its number of sub-skills. */
  tree: () => api<SkillTree>("/api/skills"),
  updateGrid: (body: SkillTreeGrid) => api<SkillTreeGrid>("/api/skills/settings", { method: "PUT", body }),
  get: (rootId: string) => api<RootSkillDetail>(rootPath(rootId)),
  create: (body: RootSkillCreate) => api<RootSkillDetail>("/api/skills", { method: "POST", body }),
  update: (rootId: string, body: RootSkillUpdate) =>
    api<RootSkillDetail>(rootPath(rootId), { method: "PUT", body }),
  remove: (rootId: string) => api<void>(rootPath(rootId), { method: "DELETE" }),
  subSkills: (rootId: string, query: SubSkillListQuery) =>
    api<ListPage<SubSkill>>(`${rootPath(rootId)}/sub-skills?${subSkillListApiParams(query)}`),
  getSubSkill: (rootId: string, subId: string) => api<SubSkill>(subPath(rootId, subId)),
  createSubSkill: (rootId: string, body: SubSkillWrite) =>
    api<SubSkill>(`${rootPath(rootId)}/sub-skills`, { method: "POST", body }),
  updateSubSkill: (rootId: string, subId: string, body: SubSkillWrite) =>
    api<SubSkill>(subPath(rootId, subId), { method: "PUT", body }),
  removeSubSkill: (rootId: string, subId: string) => api<void>(subPath(rootId, subId), { method: "DELETE" }),
};
