import { array, define, type Infer, object, refine, string, trimmed } from "superstruct";
import { messages } from "./form-rule-messages.ts";
import { integer, text } from "./form-rules.ts";

/**
 * The skill tree (PLATFORM-DOMAIN.md "Skill tree"): root skills on a grid, each with its own grid of
 * sub-skills. Request schemas for `/api/skills…` and the shapes the API answers, shared by the admin
 * SPA's forms and the server. Grid positions are 0-based: a 4 × 4 grid has rows and columns 0 to 3.
 */

/** The largest grid, for the root grid and every sub-skill grid alike. */
export const skillGridMax = 12;
export const defaultSkillTreeGrid: SkillTreeGrid = { rows: 4, columns: 4 };
export const defaultSubGridSize = 4;
export const maxCoursesPerSkill = 20;
/** A grid holds at most 144 skills, so no skill can depend on more than the other 143. */
export const maxDependencies = skillGridMax * skillGridMax - 1;

export const skillIdPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Ids that would shadow a fixed path under `/api/skills/…`. */
export const reservedSkillIds: readonly string[] = ["settings"];

/** A root skill's id, chosen at creation: a lower-case slug of 2 to 40 characters. */
export const SkillId = define<string>("skillId", (value, context) => {
  const field = String(context.path.at(-1) ?? "id");
  if (typeof value !== "string" || value === "") return messages.required(field);
  if (value.length < 2) return messages.tooShort(1);
  if (value.length > 40) return messages.tooLong(41);
  if (!skillIdPattern.test(value)) return "Use lower-case letters and digits, separated by single hyphens";
  if (reservedSkillIds.includes(value)) return "This id is reserved";
  return true;
});

/** An absolute http(s) link, such as a course's. */
export const HttpUrl = define<string>("httpUrl", (value, context) => {
  const field = String(context.path.at(-1) ?? "url");
  if (typeof value !== "string" || value.trim() === "") return messages.required(field);
  if (value.length > 2048) return messages.tooLong(2049);
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return true;
  } catch {
    // Not a URL at all: answered below like a URL of another scheme.
  }
  return "Must be a link starting with http:// or https://";
});

const skillName = trimmed(text(2, 60));
/** An emoji, an icon name or an image URL. */
const skillIcon = trimmed(text(1, 2048));
const gridIndex = integer(0, skillGridMax - 1);
const gridSize = integer(1, skillGridMax);
const dependencies = refine(
  array(string()),
  "dependencyCount",
  (list) => list.length <= maxDependencies || `Must list at most ${maxDependencies} dependencies`,
);

export const Course = object({ title: trimmed(text(1, 120)), url: trimmed(HttpUrl) });
export type Course = Infer<typeof Course>;

/** `GET/PUT /api/skills/settings`: the size of the root skill grid. */
export const SkillTreeGrid = object({ rows: gridSize, columns: gridSize });
export type SkillTreeGrid = Infer<typeof SkillTreeGrid>;

const rootSkillFields = {
  name: skillName,
  icon: skillIcon,
  row: gridIndex,
  column: gridIndex,
  subRows: gridSize,
  subColumns: gridSize,
  dependencies,
};

/** `PUT /api/skills/{rootSkill}`: the whole root skill; its id never changes. */
export const RootSkillUpdate = object(rootSkillFields);
export type RootSkillUpdate = Infer<typeof RootSkillUpdate>;

/** `POST /api/skills`. */
export const RootSkillCreate = object({ id: SkillId, ...rootSkillFields });
export type RootSkillCreate = Infer<typeof RootSkillCreate>;

/** `POST /api/skills/{rootSkill}/sub-skills` and `PUT …/sub-skills/{subSkill}`: the whole sub-skill. */
export const SubSkillWrite = object({
  name: skillName,
  icon: skillIcon,
  row: gridIndex,
  column: gridIndex,
  dependencies,
  courses: refine(
    array(Course),
    "courseCount",
    (list) => list.length <= maxCoursesPerSkill || `Must list at most ${maxCoursesPerSkill} courses`,
  ),
});
export type SubSkillWrite = Infer<typeof SubSkillWrite>;

/** A root skill as the API answers it; `dependencies` are root skill ids, sorted. */
export interface RootSkill {
  id: string;
  name: string;
  icon: string;
  row: number;
  column: number;
  subRows: number;
  subColumns: number;
  dependencies: string[];
  createdAt: string;
  updatedAt: string;
}

export interface RootSkillSummary extends RootSkill {
  subSkillCount: number;
}

/** `GET /api/skills`: the whole root grid ("Skill tree list"), roots ordered by row, then column. */
export interface SkillTree {
  grid: SkillTreeGrid;
  roots: RootSkillSummary[];
}

/** A sub-skill; `dependencies` are ids of sub-skills of the same root, sorted. */
export interface SubSkill {
  id: string;
  rootId: string;
  name: string;
  icon: string;
  row: number;
  column: number;
  dependencies: string[];
  courses: Course[];
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/skills/{rootSkill}`: the root with all its sub-skills, ordered by row, then column. */
export interface RootSkillDetail extends RootSkill {
  subSkills: SubSkill[];
}

/** The API's refusals about the tree itself, beyond per-field validation. */
export const skillTreeErrors = {
  notFound: "Skill not found",
  idTaken: "A skill with this id already exists",
  cellTaken: "That grid cell is taken",
  outsideGrid: "A skill sits outside the new grid",
  cycle: "Cycle in skill tree",
  hasDependents: "Other skills depend on this skill",
  unknownRootDependency: "Dependencies must be existing root skills",
  unknownSubDependency: "Dependencies must be sub-skills of the same root skill",
} as const;
