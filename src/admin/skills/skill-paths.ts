import { listHref } from "../shell/list/use-list-query.ts";

/** The skill tree screens' addresses (spec §2), built in one place so links and routes agree. */
export const skillTreePath = "/dashboard/skill-tree";
export const skillCreatePath = `${skillTreePath}/create`;

const rootBase = (rootId: string) => `${skillTreePath}/${encodeURIComponent(rootId)}`;

export const manageSkillHref = (rootId: string) => `${rootBase(rootId)}/manage`;
export const editSkillHref = (rootId: string) => `${rootBase(rootId)}/edit`;
export const subSkillsHref = (rootId: string) => `${rootBase(rootId)}/sub-skills`;
export const editSubSkillHref = (rootId: string, subSkillId: string) =>
  `${rootBase(rootId)}/edit/${encodeURIComponent(subSkillId)}`;
/** The manage screen with the "add a sub-skill" form open. */
export const addSubSkillHref = (rootId: string) => `${manageSkillHref(rootId)}?add=1`;

/** The list with its last search, sort and page, so "back" from a root skill returns to the same view. */
export const skillListHref = () => listHref(skillTreePath);
