import { skillGridMax } from "../../shared/skills-api.ts";
import { InputField, WholeNumberField } from "../shell/form/form-inputs.tsx";

// Controls the skill forms share: the root skill form, the sub-skill form and the tree grid card (their
// dependencies card is dependency-picker.tsx).

/** A skill's name (no autofill: it is a new name, not the admin's). */
export function SkillNameField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | null;
  value: string;
  onChange: (name: string) => void;
}) {
  return (
    <InputField
      id={id}
      label={label}
      error={error}
      name="name"
      autoComplete="off"
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * A number of grid rows or columns (1 to the API's maximum). `invalid` and `describedBy` tie it to an
 * error about the grid as a whole, shown after both sizes.
 */
export function GridSizeInput({
  id,
  name,
  label,
  error,
  invalid,
  describedBy,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  error: string | null;
  invalid?: boolean;
  describedBy?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <WholeNumberField
      id={id}
      label={label}
      error={error}
      invalid={invalid}
      describedBy={describedBy}
      name={name}
      min={1}
      max={skillGridMax}
      value={value}
      onChange={onChange}
    />
  );
}
