import { SetBanRequest } from "../../shared/users-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** The task ban form: a reason and a number of days, as typed (no days: the ban is permanent). */
export interface TaskBanFormState {
  reason: string;
  days: string;
}

export const emptyTaskBanForm: TaskBanFormState = { reason: "", days: "" };

/** The ban as the card sends it: a trimmed reason ("" for none), whole days or null for good. */
export function taskBanFromForm(state: TaskBanFormState): { reason: string; days: number | null } {
  const days = state.days.trim();
  return { reason: state.reason.trim(), days: days === "" ? null : Number(days) };
}

/**
 * The `PUT /api/users/:id/bans/…` rules (reason up to 500 characters, 1 to 3650 whole days) on what
 * would be sent, keyed by form field, so the form refuses what the API would, at the field.
 */
export function validateTaskBanForm(state: TaskBanFormState): FieldErrors {
  const { reason, days } = taskBanFromForm(state);
  return fieldErrors({ ...(reason ? { reason } : {}), days }, SetBanRequest);
}
