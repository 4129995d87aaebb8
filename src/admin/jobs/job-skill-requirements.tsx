import { type KeyboardEvent, useState } from "react";
import { messages } from "../../shared/form-rule-messages.ts";
import { minLevelMax, skillRequirementsMax } from "../../shared/jobs-api.ts";
import type { RootSkillSummary, SkillTree } from "../../shared/skills-api.ts";
import { type Resource, useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
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

/** A minimum level: a whole number from 1 to the shared JobRequest's highest level. */
const levelInput = { type: "number", inputMode: "numeric", min: 1, max: minLevelMax, step: 1 } as const;

type Refusal = { field: RequirementField; message: string };
type Say = (message: string, label: string) => string;

/**
 * The job form's skill requirements: each listed sub-skill with its minimum level (editable, removable),
 * and a choice of root skill, then sub-skill, then level to add one. Adding goes through `onAdd`, which
 * applies the shared JobRequest rules and answers why a requirement was refused. The skill tree comes
 * from the form, which waits for it before it draws its buttons below.
 */
export function JobSkillRequirements({
  tree,
  onRetryTree,
  rows,
  errors,
  onChange,
  onAdd,
}: {
  tree: Resource<SkillTree>;
  onRetryTree: () => void;
  rows: SkillRequirementRow[];
  /** The job form's errors by path (`skillRequirements.2.minLevel`), in the shared rules' words. */
  errors: FieldErrors;
  /** The new rows, and the form paths whose server errors the change settles. */
  onChange: (rows: SkillRequirementRow[], paths: string[]) => void;
  onAdd: (row: SkillRequirementRow) => Refusal | null;
}) {
  const tr = useT();
  const { t } = tr;
  const adder = useRequirementAdder(tree, onRetryTree, rows, onAdd);
  // The list rule's text is not in the shared catalogue; this screen words it itself.
  const say: Say = (message, label) =>
    message === tooManyRequirementsMessage
      ? t("jobForm.skills.tooMany", { n: skillRequirementsMax })
      : ruleMessage(tr, message, label);
  const errorOf = (path: string, label: string) => {
    const message = errors[path];
    return message ? say(message, label) : null;
  };

  // The form's rule about the whole list marks the list (a refused submit focuses its first row); a
  // refused "add" is said where the admin is, beside the add fields' own errors.
  const formListError = errorOf("skillRequirements", t("job.section.skills"));
  const listError = formListError ?? adder.refusalAt("skillRequirements", "", say);

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
      <RequirementRows rows={rows} roots={adder.roots} errorOf={errorOf} onChange={onChange} />
      <AddRequirement adder={adder} say={say} />
    </section>
  );
}

/** The listed requirements: each sub-skill's minimum level, editable, and a button that removes it. */
function RequirementRows({
  rows,
  roots,
  errorOf,
  onChange,
}: {
  rows: SkillRequirementRow[];
  roots: readonly RootSkillSummary[];
  errorOf: (path: string, label: string) => string | null;
  onChange: (rows: SkillRequirementRow[], paths: string[]) => void;
}) {
  const { t } = useT();
  const rootName = (id: string) => roots.find((candidate) => candidate.id === id)?.name ?? id;
  const minLevelLabel = t("jobForm.skills.minLevel");
  const subSkillLabel = t("jobForm.skills.subSkill");
  const remove = (index: number) =>
    onChange(
      rows.filter((_, at) => at !== index),
      rows.flatMap((_, at) => [`skillRequirements.${at}.minLevel`, `skillRequirements.${at}.subSkillId`]),
    );

  return rows.map((row, index) => {
    const path = `skillRequirements.${index}`;
    return (
      <div className="skill-requirement-row" key={row.subSkillId}>
        <FormField
          id={`job-skill-${index}`}
          label={t("jobForm.skills.rowLabel", {
            skill: row.subSkillName,
            root: rootName(row.rootSkillId),
          })}
          error={errorOf(`${path}.minLevel`, minLevelLabel) ?? errorOf(`${path}.subSkillId`, subSkillLabel)}
        >
          {(props) => (
            <input
              {...props}
              name={`${path}.minLevel`}
              {...levelInput}
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
  });
}

/**
 * The choice of a new requirement: root skill, then one of its sub-skills (those listed already are
 * offered disabled), then the minimum level; and why `onAdd` refused the last one.
 */
function useRequirementAdder(
  tree: Resource<SkillTree>,
  reloadTree: () => void,
  rows: SkillRequirementRow[],
  onAdd: (row: SkillRequirementRow) => Refusal | null,
) {
  const [rootId, setRootId] = useState("");
  const { resource: root, reload: reloadRoot } = useResource(
    () => (rootId ? skillsApi.get(rootId) : Promise.resolve(null)),
    rootId,
  );
  const [subSkillId, setSubSkillId] = useState("");
  const [minLevel, setMinLevel] = useState("1");
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const subSkills = root.state === "ready" && root.data ? root.data.subSkills : [];

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

  return {
    tree,
    reloadTree,
    roots: tree.state === "ready" ? tree.data.roots : [],
    rootId,
    root,
    reloadRoot,
    subSkills,
    listed: new Set(rows.map((row) => row.subSkillId)),
    subSkillId,
    minLevel,
    add,
    refusalAt: (field: RequirementField, label: string, say: Say) =>
      refusal?.field === field ? say(refusal.message, label) : null,
    chooseRoot: (id: string) => {
      setRootId(id);
      setSubSkillId("");
      setRefusal(null);
    },
    chooseSubSkill: (id: string) => {
      setSubSkillId(id);
      setRefusal(null);
    },
    chooseLevel: (level: string) => {
      setMinLevel(level);
      setRefusal(null);
    },
  };
}

type Adder = ReturnType<typeof useRequirementAdder>;

/** A part of the skill tree that did not load, with the button that asks again. */
function LoadFailure({ text, onRetry }: { text: MessageId; onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="form-error" role="alert">
      <p>{t(text)}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t("list.retry")}
      </Button>
    </div>
  );
}

/** The root skills, each with how many sub-skills it has (one without any cannot be chosen). */
function RootChoice({ adder }: { adder: Adder }) {
  const { t } = useT();
  return (
    <FormField id="job-skill-root" label={t("jobForm.skills.root")} error={null}>
      {(props) => (
        <select {...props} value={adder.rootId} onChange={(event) => adder.chooseRoot(event.target.value)}>
          <option value="">{t("jobForm.choose")}</option>
          {adder.roots.map((candidate) => (
            <option key={candidate.id} value={candidate.id} disabled={candidate.subSkillCount === 0}>
              {t("jobForm.skills.rootOption", {
                name: candidate.name,
                count: candidate.subSkillCount,
              })}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The chosen root's sub-skills; those listed already are offered disabled. */
function SubSkillChoice({ adder, say }: { adder: Adder; say: Say }) {
  const { t } = useT();
  const { rootId, root, listed } = adder;
  const label = t("jobForm.skills.subSkill");
  return (
    <FormField id="job-skill-sub" label={label} error={adder.refusalAt("subSkillId", label, say)}>
      {(props) => (
        <select
          {...props}
          value={adder.subSkillId}
          disabled={!rootId || root.state !== "ready"}
          onChange={(event) => adder.chooseSubSkill(event.target.value)}
        >
          <option value="">
            {rootId
              ? t(root.state === "loading" ? "loading.page" : "jobForm.choose")
              : t("jobForm.skills.rootFirst")}
          </option>
          {adder.subSkills.map((candidate) => (
            <option key={candidate.id} value={candidate.id} disabled={listed.has(candidate.id)}>
              {listed.has(candidate.id)
                ? t("jobForm.skills.listed", { skill: candidate.name })
                : candidate.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The new requirement's minimum level; Enter there adds the requirement instead of submitting the job. */
function LevelChoice({ adder, say }: { adder: Adder; say: Say }) {
  const { t } = useT();
  const label = t("jobForm.skills.minLevel");
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    adder.add();
  };
  return (
    <FormField id="job-skill-level" label={label} error={adder.refusalAt("minLevel", label, say)}>
      {(props) => (
        <input
          {...props}
          {...levelInput}
          value={adder.minLevel}
          onKeyDown={addOnEnter}
          onChange={(event) => adder.chooseLevel(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The "add a requirement" fields of {@link useRequirementAdder}, with the tree's loading and errors. */
function AddRequirement({ adder, say }: { adder: Adder; say: Say }) {
  const { t } = useT();
  const { tree, roots, root } = adder;
  return (
    <div className="skill-requirement-add">
      <h3>{t("jobForm.skills.addTitle")}</h3>
      {tree.state === "loading" && (
        <p className="subtle" role="status">
          {t("jobForm.skills.loading")}
        </p>
      )}
      {tree.state === "error" && <LoadFailure text="jobForm.skills.error" onRetry={adder.reloadTree} />}
      {tree.state === "ready" && roots.length === 0 && (
        <p className="subtle-cell">{t("jobForm.skills.emptyTree")}</p>
      )}
      {roots.length > 0 && (
        <>
          <div className="form-row">
            <RootChoice adder={adder} />
            <SubSkillChoice adder={adder} say={say} />
            <LevelChoice adder={adder} say={say} />
          </div>
          {root.state === "error" && (
            <LoadFailure text="jobForm.skills.rootError" onRetry={adder.reloadRoot} />
          )}
          <Button size="sm" variant="secondary" onClick={adder.add}>
            {t("jobForm.skills.add")}
          </Button>
        </>
      )}
    </div>
  );
}
