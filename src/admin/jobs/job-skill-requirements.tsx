import { type KeyboardEvent, useState } from "react";
import { messages } from "../../shared/form-rules.ts";
import { minLevelMax, skillRequirementsMax } from "../../shared/jobs-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type FieldErrors, ruleMessage } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { skillsApi } from "../skills/skills-api.ts";
import {
  type RequirementField,
  type SkillRequirementRow,
  tooManyRequirementsMessage,
} from "./job-form-state.ts";

/**
 * The job form's skill requirements: each listed sub-skill with its minimum level (editable, removable),
 * and a choice of root skill, then sub-skill, then level to add one. Adding goes through `onAdd`, which
 * applies the shared JobRequest rules and answers why a requirement was refused.
 */
export function JobSkillRequirements({
  rows,
  errors,
  onChange,
  onAdd,
}: {
  rows: SkillRequirementRow[];
  /** The job form's errors by path (`skillRequirements.2.minLevel`), in the shared rules' words. */
  errors: FieldErrors;
  /** The new rows, and the form paths whose server errors the change settles. */
  onChange: (rows: SkillRequirementRow[], paths: string[]) => void;
  onAdd: (row: SkillRequirementRow) => { field: RequirementField; message: string } | null;
}) {
  const tr = useT();
  const { t } = tr;
  const { resource: tree, reload: reloadTree } = useResource(() => skillsApi.tree(), "skill-tree");
  const [rootId, setRootId] = useState("");
  const { resource: root, reload: reloadRoot } = useResource(
    () => (rootId ? skillsApi.get(rootId) : Promise.resolve(null)),
    rootId,
  );
  const [subSkillId, setSubSkillId] = useState("");
  const [minLevel, setMinLevel] = useState("1");
  const [refusal, setRefusal] = useState<{ field: RequirementField; message: string } | null>(null);

  const roots = tree.state === "ready" ? tree.data.roots : [];
  const rootName = (id: string) => roots.find((candidate) => candidate.id === id)?.name ?? id;
  const subSkills = root.state === "ready" && root.data ? root.data.subSkills : [];
  const listed = new Set(rows.map((row) => row.subSkillId));
  const minLevelLabel = t("jobForm.skills.minLevel");
  const subSkillLabel = t("jobForm.skills.subSkill");
  // The list rule's text is not in the shared catalogue; this screen words it itself.
  const say = (message: string, label: string) =>
    message === tooManyRequirementsMessage
      ? t("jobForm.skills.tooMany", { n: skillRequirementsMax })
      : ruleMessage(tr, message, label);
  const errorOf = (path: string, label: string) => {
    const message = errors[path];
    return message ? say(message, label) : null;
  };
  const refusalAt = (field: RequirementField, label: string) =>
    refusal?.field === field ? say(refusal.message, label) : null;

  const add = () => {
    const subSkill = subSkills.find((candidate) => candidate.id === subSkillId);
    if (!subSkill) {
      setRefusal({ field: "subSkillId", message: messages.required("subSkillId") });
      return;
    }
    const row = { subSkillId, subSkillName: subSkill.name, rootSkillId: subSkill.rootId, minLevel };
    const refused = onAdd(row);
    setRefusal(refused);
    if (refused) return;
    // The root stays chosen: requirements often come several from one area.
    setSubSkillId("");
    setMinLevel("1");
  };

  // Enter in the level field adds the requirement instead of submitting the whole job.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };

  const remove = (index: number) =>
    onChange(
      rows.filter((_, at) => at !== index),
      rows.flatMap((_, at) => [`skillRequirements.${at}.minLevel`, `skillRequirements.${at}.subSkillId`]),
    );

  // The form's rule about the whole list marks the list (a refused submit focuses its first row); a
  // refused "add" is said where the admin is, beside the add fields' own errors.
  const formListError = errorOf("skillRequirements", t("job.section.skills"));
  const listError = formListError ?? refusalAt("skillRequirements", "");

  return (
    <section
      className="detail-card"
      aria-labelledby="job-skills-title"
      aria-describedby={listError ? "job-skills-error" : undefined}
      data-invalid={formListError ? "true" : undefined}
      data-testid="job-skill-requirements"
    >
      <h2 id="job-skills-title">{t("job.section.skills")}</h2>
      <p className="subtle">{t("jobForm.skills.hint")}</p>
      {listError && (
        <p className="form-error field-error" id="job-skills-error" role="alert">
          {listError}
        </p>
      )}
      {rows.length === 0 && <p className="subtle-cell">{t("job.skills.empty")}</p>}
      {rows.map((row, index) => {
        const path = `skillRequirements.${index}`;
        return (
          <div className="skill-requirement-row" key={row.subSkillId}>
            <FormField
              id={`job-skill-${index}`}
              label={t("jobForm.skills.rowLabel", {
                skill: row.subSkillName,
                root: rootName(row.rootSkillId),
              })}
              error={
                errorOf(`${path}.minLevel`, minLevelLabel) ?? errorOf(`${path}.subSkillId`, subSkillLabel)
              }
            >
              {(props) => (
                <input
                  {...props}
                  name={`${path}.minLevel`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={minLevelMax}
                  step={1}
                  value={row.minLevel}
                  onChange={(event) =>
                    onChange(
                      rows.map((old, at) => (at === index ? { ...old, minLevel: event.target.value } : old)),
                      [`${path}.minLevel`],
                    )
                  }
                />
              )}
            </FormField>
            <Button
              size="sm"
              variant="tertiary"
              aria-label={t("jobForm.skills.remove", { skill: row.subSkillName })}
              onClick={() => remove(index)}
            >
              ✕
            </Button>
          </div>
        );
      })}

      <div className="skill-requirement-add">
        <h3>{t("jobForm.skills.addTitle")}</h3>
        {tree.state === "loading" && (
          <p className="subtle" role="status">
            {t("jobForm.skills.loading")}
          </p>
        )}
        {tree.state === "error" && (
          <div className="form-error" role="alert">
            <p>{t("jobForm.skills.error")}</p>
            <Button size="sm" variant="secondary" onClick={reloadTree}>
              {t("list.retry")}
            </Button>
          </div>
        )}
        {tree.state === "ready" && roots.length === 0 && (
          <p className="subtle-cell">{t("jobForm.skills.emptyTree")}</p>
        )}
        {roots.length > 0 && (
          <>
            <div className="form-row">
              <FormField id="job-skill-root" label={t("jobForm.skills.root")} error={null}>
                {(props) => (
                  <select
                    {...props}
                    value={rootId}
                    onChange={(event) => {
                      setRootId(event.target.value);
                      setSubSkillId("");
                      setRefusal(null);
                    }}
                  >
                    <option value="">{t("jobForm.choose")}</option>
                    {roots.map((candidate) => (
                      <option
                        key={candidate.id}
                        value={candidate.id}
                        disabled={candidate.subSkillCount === 0}
                      >
                        {t("jobForm.skills.rootOption", {
                          name: candidate.name,
                          count: candidate.subSkillCount,
                        })}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id="job-skill-sub"
                label={subSkillLabel}
                error={refusalAt("subSkillId", subSkillLabel)}
              >
                {(props) => (
                  <select
                    {...props}
                    value={subSkillId}
                    disabled={!rootId || root.state !== "ready"}
                    onChange={(event) => {
                      setSubSkillId(event.target.value);
                      setRefusal(null);
                    }}
                  >
                    <option value="">
                      {rootId
                        ? t(root.state === "loading" ? "loading.page" : "jobForm.choose")
                        : t("jobForm.skills.rootFirst")}
                    </option>
                    {subSkills.map((candidate) => (
                      <option key={candidate.id} value={candidate.id} disabled={listed.has(candidate.id)}>
                        {listed.has(candidate.id)
                          ? t("jobForm.skills.listed", { skill: candidate.name })
                          : candidate.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id="job-skill-level"
                label={minLevelLabel}
                error={refusalAt("minLevel", minLevelLabel)}
              >
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={minLevelMax}
                    step={1}
                    value={minLevel}
                    onKeyDown={addOnEnter}
                    onChange={(event) => {
                      setMinLevel(event.target.value);
                      setRefusal(null);
                    }}
                  />
                )}
              </FormField>
            </div>
            {root.state === "error" && (
              <div className="form-error" role="alert">
                <p>{t("jobForm.skills.rootError")}</p>
                <Button size="sm" variant="secondary" onClick={reloadRoot}>
                  {t("list.retry")}
                </Button>
              </div>
            )}
            <Button size="sm" variant="secondary" onClick={add}>
              {t("jobForm.skills.add")}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
