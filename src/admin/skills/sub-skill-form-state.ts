import { type SubSkill, SubSkillWrite } from "../../shared/skills-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import { cellKey, parseCellKey } from "./skill-options.ts";

export interface CourseRow {
  title: string;
  url: string;
}

/** What the sub-skill form holds: texts as typed, the cell as `"row:column"`, course rows as edited. */
export interface SubSkillFormState {
  name: string;
  icon: string;
  cell: string;
  dependencies: string[];
  courses: CourseRow[];
}

/** A new sub-skill starts with its root's icon (the demo tree's look) and the cell it was added at. */
export function emptySubSkillForm(icon: string, cell: string): SubSkillFormState {
  return { name: "", icon, cell, dependencies: [], courses: [] };
}

export function subSkillFormFromDetail(skill: SubSkill): SubSkillFormState {
  return {
    name: skill.name,
    icon: skill.icon,
    cell: cellKey(skill.row, skill.column),
    dependencies: [...skill.dependencies],
    courses: skill.courses.map((course) => ({ title: course.title, url: course.url })),
  };
}

const blank = (course: CourseRow) => course.title.trim() === "" && course.url.trim() === "";

/**
 * The request body (`POST …/sub-skills`, `PUT …/sub-skills/{id}`) and, for each of its courses, the form
 * row it came from: rows left wholly blank are left out; a half-filled row goes, to be refused.
 */
export function subSkillRequest(state: SubSkillFormState): { body: Record<string, unknown>; rows: number[] } {
  const rows = state.courses.flatMap((course, index) => (blank(course) ? [] : [index]));
  const cell = parseCellKey(state.cell);
  return {
    rows,
    body: {
      name: state.name,
      icon: state.icon,
      row: cell?.row,
      column: cell?.column,
      dependencies: state.dependencies,
      courses: rows.map((index) => state.courses[index]),
    },
  };
}

/**
 * Maps a request path back to the form: row and column are one cell picker, and `courses.0.url` of the
 * body is the form's kept row (`courses.2.url` when rows 0 and 1 were blank).
 */
export function subSkillFormPath(path: string, rows: readonly number[]): string {
  if (path === "row" || path === "column") return "cell";
  const match = /^courses\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  return `courses.${rows[Number(match[1])] ?? match[1]}${match[2] ?? ""}`;
}

/** Every field error of the form, keyed by form path, with the shared schema's messages. */
export function validateSubSkillForm(state: SubSkillFormState): FieldErrors {
  const { body, rows } = subSkillRequest(state);
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(body, SubSkillWrite))) {
    errors[subSkillFormPath(path, rows)] ??= message;
  }
  return errors;
}
