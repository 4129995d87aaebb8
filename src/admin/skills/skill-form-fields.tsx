import { skillGridMax } from "../../shared/skills-api.ts";
import { InputField, WholeNumberField } from "../shell/form/form-inputs.tsx";
import { DependencyPicker } from "./dependency-picker.tsx";
import { dependencyOptions, type PlacedSkill, toggleDependency } from "./skill-options.ts";

// Controls the skill forms share: the root skill form, the sub-skill form and the tree grid card.

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

/** The card with the skills this one depends on, among `skills` (itself, `selfId`, left out). */
export function DependenciesCard({
  id,
  label,
  hint,
  emptyText,
  skills,
  selfId,
  chosen,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  emptyText: string;
  skills: readonly PlacedSkill[];
  selfId: string | null;
  chosen: string[];
  error: string | null;
  onChange: (update: (dependencies: string[]) => string[]) => void;
}) {
  return (
    <section className="detail-card">
      <DependencyPicker
        id={id}
        label={label}
        hint={hint}
        emptyText={emptyText}
        options={dependencyOptions(skills, selfId, chosen)}
        chosen={chosen}
        error={error}
        onChange={(skillId, on) => onChange((dependencies) => toggleDependency(dependencies, skillId, on))}
      />
    </section>
  );
}
