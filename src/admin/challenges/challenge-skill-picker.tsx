import { type ReactNode, useState } from "react";
import type { ChallengeSkill } from "../../shared/challenges-api.ts";
import type { RootSkillDetail } from "../../shared/skills-api.ts";
import type { Resource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { skillGroups, toggleSkill } from "./challenge-form-state.ts";

/**
 * The sub-skills a challenge trains, as checkboxes grouped by root skill, from `resource` (the skill
 * tree, loaded by the form: see challenge-form-page.tsx). Groups with a chosen skill start open. When
 * the tree cannot be read, the chosen ids stay as they are and are sent unchanged.
 */
export function ChallengeSkillPicker({
  resource,
  onRetry,
  value,
  current,
  error,
  onChange,
}: {
  resource: Resource<RootSkillDetail[]>;
  onRetry: () => void;
  value: readonly string[];
  /** The skills the challenge had when the form opened (names for skills the tree may not list). */
  current: readonly ChallengeSkill[];
  error: string | null;
  onChange: (skillIds: string[]) => void;
}) {
  const { t } = useT();
  const errorId = "challenge-skills-error";
  // Groups holding a skill when the form opened start open; later choices leave open/closed to the admin
  // (an `open` that followed the choices would snap a group shut when its last box is unticked).
  const [initial] = useState(() => new Set(value));

  let body: ReactNode;
  if (resource.state === "loading") {
    body = (
      <p className="subtle-cell" role="status">
        {t("challengeForm.skillsLoading")}
      </p>
    );
  } else if (resource.state === "error") {
    body = (
      <div className="page-actions" role="alert">
        <p className="subtle-cell">{t("challengeForm.skillsError")}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t("list.retry")}
        </Button>
      </div>
    );
  } else {
    const groups = skillGroups(resource.data, current);
    body = groups.length ? (
      <div className="skill-groups">
        {groups.map((group) => {
          const chosen = group.skills.filter((skill) => value.includes(skill.id)).length;
          return (
            <details
              key={group.id}
              className="skill-group"
              open={group.skills.some((skill) => initial.has(skill.id)) || undefined}
            >
              <summary>
                <span>{group.name}</span>
                <span className="subtle-cell">{t("challengeForm.skillsSelected", { count: chosen })}</span>
              </summary>
              <fieldset className="skill-options" aria-describedby={error ? errorId : undefined}>
                <legend className="visually-hidden">{group.name}</legend>
                {group.skills.map((skill) => (
                  <label key={skill.id} className="skill-option">
                    <input
                      type="checkbox"
                      name="skillIds"
                      value={skill.id}
                      checked={value.includes(skill.id)}
                      onChange={(event) => onChange(toggleSkill(value, skill.id, event.target.checked))}
                    />
                    {skill.name}
                  </label>
                ))}
              </fieldset>
            </details>
          );
        })}
      </div>
    ) : (
      <p className="subtle-cell">{t("challengeForm.skillsEmpty")}</p>
    );
  }

  return (
    <section className="detail-card" aria-labelledby="challenge-skills-title">
      <h2 id="challenge-skills-title">
        {t("challenge.field.skills")}{" "}
        <span className="subtle-cell">({t("challengeForm.skillsSelected", { count: value.length })})</span>
      </h2>
      <p className="subtle">{t("challengeForm.skillsHint")}</p>
      {error && (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      )}
      {body}
    </section>
  );
}
