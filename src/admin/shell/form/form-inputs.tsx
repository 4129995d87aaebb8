import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FormField } from "./form-field.tsx";

// The labelled controls the forms repeat, each a `FormField` around one control: the control gets the
// field's id, `aria-invalid` and description first, then its own attributes (`name`, `type`, …) in the
// order given, then its value; `onChange` gets the new text.

/** What frames a control: its id, label, error (already translated) and a group's error (`FormField`). */
interface FieldFrame {
  id: string;
  label: string;
  error?: string | null;
  invalid?: boolean;
  describedBy?: string;
}

type ControlProps<A> = FieldFrame &
  Omit<A, "id" | "value" | "onChange"> & { value: string; onChange: (value: string) => void };

/** Splits a control's props into its field's frame and the control's own attributes. */
function splitFrame<A>({ id, label, error, invalid, describedBy, ...control }: FieldFrame & A) {
  return [{ id, label, error, invalid, describedBy }, control] as const;
}

/** A labelled `<input>`: a text box, or another `type` with its attributes. */
export function InputField({
  value,
  onChange,
  ...props
}: ControlProps<InputHTMLAttributes<HTMLInputElement>>) {
  const [frame, input] = splitFrame(props);
  return (
    <FormField {...frame}>
      {(own) => (
        <input {...own} {...input} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FormField>
  );
}

/** A labelled whole number between `min` and `max` (either may be open), with the numeric keyboard. */
export function WholeNumberField({
  name,
  min,
  max,
  ...field
}: FieldFrame & {
  name?: string;
  min?: number;
  max?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return <InputField {...field} name={name} type="number" inputMode="numeric" min={min} max={max} step={1} />;
}

/** A labelled `<textarea>`. */
export function TextAreaField({
  value,
  onChange,
  ...props
}: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [frame, textarea] = splitFrame(props);
  return (
    <FormField {...frame}>
      {(own) => (
        <textarea {...own} {...textarea} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FormField>
  );
}

/**
 * A labelled `<select>` of `options`, after an `empty` option ("Choose…") when given; `onChange` gets the
 * chosen option's value.
 */
export function SelectField<T extends string>({
  id,
  label,
  error,
  invalid,
  describedBy,
  value,
  options,
  empty,
  onChange,
  ...select
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange"> & {
    value: T;
    options: ReadonlyArray<{ value: T; text: string }>;
    empty?: string;
    onChange: (value: T) => void;
  }) {
  // The empty option stands for "" (in `T` whenever it is offered); an unknown value changes nothing.
  const chosen = (picked: string): T =>
    empty !== undefined && picked === ""
      ? (picked as T)
      : (options.find((option) => option.value === picked)?.value ?? (value as T));
  return (
    <FormField id={id} label={label} error={error} invalid={invalid} describedBy={describedBy}>
      {(props) => (
        <select
          {...props}
          {...select}
          value={value}
          onChange={(event) => onChange(chosen(event.target.value))}
        >
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
