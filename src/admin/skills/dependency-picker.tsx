import { useT } from "../i18n/intl.ts";
import { SkillIcon } from "./skill-icon.tsx";
import type { DependencyOption } from "./skill-options.ts";

/**
 * The skills a skill depends on, ticked from the other skills of its level. The API refuses a choice
 * that closes a cycle ("Cycle in skill tree"); that refusal shows here, under the choices.
 */
export function DependencyPicker({
  id,
  label,
  hint,
  emptyText,
  options,
  chosen,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  emptyText: string;
  options: readonly DependencyOption[];
  chosen: readonly string[];
  error: string | null;
  onChange: (id: string, on: boolean) => void;
}) {
  const { t } = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="dependency-picker"
      id={id}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={Boolean(error)}
    >
      <legend>{label}</legend>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      {options.length === 0 ? (
        <p className="subtle-cell">{emptyText}</p>
      ) : (
        <ul className="dependency-options">
          {options.map((option) => (
            <li key={option.id}>
              <label
                className={option.missing ? "dependency-option dependency-missing" : "dependency-option"}
              >
                <input
                  type="checkbox"
                  name="dependencies"
                  value={option.id}
                  checked={chosen.includes(option.id)}
                  onChange={(event) => onChange(option.id, event.target.checked)}
                />
                {!option.missing && <SkillIcon icon={option.icon} />}
                <span>{option.missing ? t("skill.missing", { id: option.id }) : option.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
