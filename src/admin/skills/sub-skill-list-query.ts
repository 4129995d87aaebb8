import { createListQuery } from "../shell/list/list-url.ts";

/** The sub-skill list's state as it lives in the URL query (`…/sub-skills?q=…&sort=name`). */
export const subSkillListUrl = createListQuery({
  /** `GET /api/skills/{rootSkill}/sub-skills` sorts by these (`position`: row by row, as the grid reads). */
  sortFields: ["position", "name", "createdAt", "updatedAt"] as const,
  defaultSort: { field: "position", direction: "asc" },
});
export type SubSkillListQuery = typeof subSkillListUrl.defaults;

// Named for the API client, which asks the list with them.
export const subSkillListApiParams = subSkillListUrl.apiParams;
