import { useT } from "../i18n/intl.ts";
import { SkillIcon } from "./skill-icon.tsx";
import { dependencyOptions, type PlacedSkill, toggleDependency } from "./skill-options.ts";

/**
 * The card with the skills a skill depends on, ticked from the other skills of its level (`skills`;
 * itself, `selfId`, left out). The API refuses a choice that closes a cycle ("Cycle in skill tree");
 * that refusal shows here, under the choices.
 */
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
  const { t } = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const options = dependencyOptions(skills, selfId, chosen);
  const tick = (skillId: string, on: boolean) =>
    onChange((dependencies) => toggleDependency(dependencies, skillId, on));
  return (
    <section className="detail-card">
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
                    onChange={(event) => tick(option.id, event.target.checked)}
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
    </section>
  );
}
