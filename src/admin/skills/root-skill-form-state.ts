import { skillIdSlug } from "../../shared/skill-id-slug.ts";
import {
  defaultSubGridSize,
  RootSkillCreate,
  type RootSkillDetail,
  RootSkillUpdate,
} from "../../shared/skills-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import { cellKey, parseCellKey } from "./skill-options.ts";

/**
 * What the root skill form holds ("Create Sub Tree" and "edit"): texts and numbers as typed, the grid
 * cell as a select value (`"row:column"`, "" while none is chosen), dependencies as root skill ids.
 */
export interface RootSkillFormState {
  id: string;
  /** Whether the admin typed the id: until then it follows the name. */
  idTouched: boolean;
  name: string;
  icon: string;
  cell: string;
  subRows: string;
  subColumns: string;
  dependencies: string[];
}

export function emptyRootSkillForm(cell: string): RootSkillFormState {
  return {
    id: "",
    idTouched: false,
    name: "",
    icon: "",
    cell,
    subRows: String(defaultSubGridSize),
    subColumns: String(defaultSubGridSize),
    dependencies: [],
  };
}

export function rootSkillFormFromDetail(skill: RootSkillDetail): RootSkillFormState {
  return {
    id: skill.id,
    idTouched: true,
    name: skill.name,
    icon: skill.icon,
    cell: cellKey(skill.row, skill.column),
    subRows: String(skill.subRows),
    subColumns: String(skill.subColumns),
    dependencies: [...skill.dependencies],
  };
}

/** A new name, and with it the suggested id while the admin has not typed one. */
export function withName(state: RootSkillFormState, name: string): RootSkillFormState {
  return { ...state, name, id: state.idTouched ? state.id : skillIdSlug(name) };
}

/** A typed whole number: a number when it reads as one, "" stays missing, anything else stays as text. */
export function typedNumber(value: string): unknown {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * The request body: `POST /api/skills` when creating (with the id), `PUT /api/skills/{id}` when editing
 * (the id never changes). Values go as typed; the shared schema decides what is wrong with them.
 */
export function rootSkillRequest(state: RootSkillFormState, creating: boolean): Record<string, unknown> {
  const cell = parseCellKey(state.cell);
  return {
    ...(creating ? { id: state.id.trim() } : {}),
    name: state.name,
    icon: state.icon,
    row: cell?.row,
    column: cell?.column,
    subRows: typedNumber(state.subRows),
    subColumns: typedNumber(state.subColumns),
    dependencies: state.dependencies,
  };
}

/** The form field an error of the request (or the API) belongs to: row and column are one picker. */
export function rootSkillFormPath(path: string): string {
  return path === "row" || path === "column" ? "cell" : path;
}

/** Every field error of the form, keyed by form field, with the shared schema's messages. */
export function validateRootSkillForm(state: RootSkillFormState, creating: boolean): FieldErrors {
  const body = rootSkillRequest(state, creating);
  const errors: FieldErrors = {};
  const found = creating ? fieldErrors(body, RootSkillCreate) : fieldErrors(body, RootSkillUpdate);
  for (const [path, message] of Object.entries(found)) {
    const field = rootSkillFormPath(path);
    errors[field] ??= message;
  }
  return errors;
}
