import type { ReactNode } from "react";

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

/**
 * A labelled form control with its error (already translated) right under it: the control gets
 * `aria-invalid` and is described by the message, so a screen reader reads why when the field is
 * focused. `invalid` and `describedBy` tie the control to an error shown elsewhere, about a group the
 * field belongs to (a grid's rows and columns are refused together).
 */
export function FormField({
  id,
  label,
  error,
  invalid = false,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  error: string | null | undefined;
  /** Wrong through a group's error shown elsewhere (`describedBy` names it). */
  invalid?: boolean;
  /** Ids of further descriptions: a hint, a group's error. */
  describedBy?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const description = [error ? errorId : null, describedBy].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": Boolean(error) || invalid,
        "aria-describedby": description || undefined,
      })}
      {error && (
        <p className="form-error field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What marks a wrong field: a control with `aria-invalid`, or a group of controls (`data-invalid`). */
const invalidSelector = '[aria-invalid="true"], [data-invalid="true"]';
const focusableSelector =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the first wrong field of `root` in document order (react-admin's and Filament's choice after
 * a refused submit): the control itself, or the first control of a wrong group (a list of checkboxes),
 * or, for a group without one, the group itself. A disabled control is passed over. Answers whether
 * something took the focus.
 */
export function focusFirstInvalid(root: ParentNode): boolean {
  for (const invalid of root.querySelectorAll<HTMLElement>(invalidSelector)) {
    let target: HTMLElement | null = invalid.matches(focusableSelector)
      ? invalid
      : invalid.querySelector<HTMLElement>(focusableSelector);
    if (!target && !invalid.matches("input, select, textarea, button")) {
      invalid.tabIndex = -1;
      target = invalid;
    }
    if (!target) continue;
    target.focus();
    return true;
  }
  return false;
}
