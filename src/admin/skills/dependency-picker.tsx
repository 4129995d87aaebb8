import { useT } from "../i18n/intl.ts";
import { SkillIcon } from "./skill-icon.tsx";
import { dependencyOptions, type PlacedSkill, toggleDependency } from "./skill-options.ts";

/** A skill form's values and their change (use-form-state.ts), as far as its dependencies go. */
interface DependenciesForm<S extends { dependencies: string[] }> {
  state: S;
  update: (change: (current: S) => S, paths: readonly string[]) => void;
}

/**
 * The card with the skills a skill depends on, ticked from the other skills of its level (`skills`;
 * itself, `selfId`, left out) into `form`'s `dependencies`. The API refuses a choice that closes a cycle
 * ("Cycle in skill tree"); that refusal shows here, under the choices.
 */
export function DependenciesCard<S extends { dependencies: string[] }>({
  id,
  label,
  hint,
  emptyText,
  skills,
  selfId,
  form,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  emptyText: string;
  skills: readonly PlacedSkill[];
  selfId: string | null;
  form: DependenciesForm<S>;
  error: string | null;
}) {
  const { t } = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosen = form.state.dependencies;
  const options = dependencyOptions(skills, selfId, chosen);
  const tick = (skillId: string, on: boolean) =>
    form.update(
      (current) => ({ ...current, dependencies: toggleDependency(current.dependencies, skillId, on) }),
      ["dependencies"],
    );
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
