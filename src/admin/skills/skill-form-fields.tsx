import { skillGridMax } from "../../shared/skills-api.ts";
import { InputField, WholeNumberField } from "../shell/form/form-inputs.tsx";

// Controls the skill forms share: the root skill form, the sub-skill form and the tree grid card (their
// dependencies card is dependency-picker.tsx).

/** What a skill form's control gets from its form: its id, label, error (translated) and text. */
interface SkillControlProps {
  id: string;
  label: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
}

/** A skill's name (no autofill: it is a new name, not the admin's). */
export function SkillNameField(field: SkillControlProps) {
  return <InputField {...field} name="name" autoComplete="off" />;
}

/**
 * A number of grid rows or columns (1 to the API's maximum). `invalid` and `describedBy` tie it to an
 * error about the grid as a whole, shown after both sizes.
 */
export function GridSizeInput(
  field: SkillControlProps & { name: string; invalid?: boolean; describedBy?: string },
) {
  return <WholeNumberField {...field} min={1} max={skillGridMax} />;
}
