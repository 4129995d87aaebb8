import type { ChangeEvent, ReactNode } from "react";
import { FormField } from "../shell/form/form-field.tsx";

// Small controls the content editors repeat: a labelled text box and a checkbox, each wired to the
// form's error for its path (a choice is shell/form's SelectField).

export function TextField({
  id,
  label,
  value,
  error,
  hint,
  multiline = false,
  rows = 3,
  placeholder,
  code = false,
  list,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  hint?: string;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  /** HTML or a selector: monospaced, no spelling marks. */
  code?: boolean;
  /** The id of a `<datalist>` whose options the box suggests (single-line boxes only). */
  list?: string;
  onChange: (value: string) => void;
}) {
  const look = code ? { className: "code-input", spellCheck: false } : {};
  const box = {
    value,
    placeholder,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <FormField id={id} label={label} error={error} describedBy={hint ? `${id}-hint` : undefined}>
      {(props) => (
        <>
          {multiline ? (
            <textarea {...props} {...look} {...box} rows={rows} />
          ) : (
            <input {...props} {...look} {...box} list={list} />
          )}
          {hint && (
            <span className="field-hint subtle" id={`${id}-hint`}>
              {hint}
            </span>
          )}
        </>
      )}
    </FormField>
  );
}

/** A checkbox with its label beside it; `error` (a rule about the box) shows under it. */
export function CheckboxField({
  id,
  label,
  checked,
  error = null,
  onChange,
  children,
}: {
  id: string;
  label: string;
  checked: boolean;
  error?: string | null;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="content-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="form-error field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
