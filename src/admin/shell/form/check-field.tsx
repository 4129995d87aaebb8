import type { ReactNode } from "react";

/**
 * A checkbox with its label beside it and an optional hint under the label (the hint describes the
 * box, so a screen reader reads it with the label).
 */
export function CheckField({
  id,
  label,
  hint,
  checked,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p className="subtle check-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
