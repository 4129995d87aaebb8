import { type SkillTreeGrid, SkillTreeGrid as SkillTreeGridSchema } from "../../shared/skills-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import { typedNumber } from "./root-skill-form-state.ts";

/** The root grid's size as typed in the list screen's "Tree grid" card. */
export interface TreeGridFormState {
  rows: string;
  columns: string;
}

export const treeGridForm = (grid: SkillTreeGrid): TreeGridFormState => ({
  rows: String(grid.rows),
  columns: String(grid.columns),
});

/** The `PUT /api/skills/settings` body, values as typed for the shared schema to judge. */
export function treeGridRequest(state: TreeGridFormState): Record<string, unknown> {
  return { rows: typedNumber(state.rows), columns: typedNumber(state.columns) };
}

export function validateTreeGridForm(state: TreeGridFormState): FieldErrors {
  return fieldErrors(treeGridRequest(state), SkillTreeGridSchema);
}

/** How many cells of the grid hold no root skill. */
export function freeCellCount(grid: SkillTreeGrid, rootCount: number): number {
  return Math.max(0, grid.rows * grid.columns - rootCount);
}
