import type { FormEvent } from "react";
import { useLocation, useParams } from "wouter";
import {
  type RootSkillCreate,
  type RootSkillDetail,
  type RootSkillUpdate,
  type SkillTree,
  skillTreeErrors,
} from "../../shared/skills-api.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { FormChoicesStatus } from "../shell/form/form-choices-status.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { FormRecordStatus } from "../shell/form/form-record-status.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { CellSelect } from "./cell-select.tsx";
import { IconField } from "./icon-field.tsx";
import {
  emptyRootSkillForm,
  type RootSkillFormState,
  rootSkillFormFromDetail,
  rootSkillFormPath,
  rootSkillRequest,
  validateRootSkillForm,
  withName,
} from "./root-skill-form-state.ts";
import { skillErrorText, skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";
import { DependenciesCard, GridSizeInput, SkillNameField } from "./skill-form-fields.tsx";
import { firstFreeCell, gridCells } from "./skill-options.ts";
import { manageSkillHref, skillListHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import "./skills.css";

/** Which label names a field in "{field} is required". */
const fieldLabels: Record<string, MessageId> = {
  id: "skill.field.id",
  name: "skill.field.name",
  icon: "skill.field.icon",
  cell: "skill.field.position",
  subRows: "skill.field.subRows",
  subColumns: "skill.field.subColumns",
  subGrid: "skill.field.subGrid",
  dependencies: "skill.field.dependencies",
};

/** Where the tree's field-less refusals belong on this form. */
const refusalPlacement = {
  [skillTreeErrors.cellTaken]: "cell",
  [skillTreeErrors.outsideGrid]: "subGrid",
};

function RootSkillForm({ tree, skill }: { tree: SkillTree; skill: RootSkillDetail | null }) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const creating = skill === null;
  const cells = gridCells(tree.grid.rows, tree.grid.columns, tree.roots, skill?.id ?? null);
  const form = useFormState<RootSkillFormState>(
    () => (skill ? rootSkillFormFromDetail(skill) : emptyRootSkillForm(firstFreeCell(cells))),
    (state) => validateRootSkillForm(state, creating),
    skillErrorText,
  );
  const { state, update, errorOf } = form;
  const labelOf = (path: string) => t(fieldLabels[path] ?? "skill.field.name");
  const error = (path: string) => errorOf(path, labelOf(path));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const body = rootSkillRequest(state, creating);
    await form.save(
      async () => {
        const saved = skill
          ? await skillsApi.update(skill.id, body as RootSkillUpdate)
          : await skillsApi.create(body as RootSkillCreate);
        showToast({ type: "success", heading: skill ? "skill.updated" : "skill.created" });
        navigate(manageSkillHref(saved.id));
      },
      (failure) =>
        form.refuse(
          skillServerFieldErrors(failure, rootSkillFormPath, refusalPlacement),
          skillFailureText(tr, failure),
        ),
    );
  };

  // A grid too small for the sub-skills is about both sizes: each is marked and described by it.
  const subGridError = error("subGrid");
  const gridInput = (key: "subRows" | "subColumns") => (
    <GridSizeInput
      id={`skill-${key}`}
      name={key}
      label={labelOf(key)}
      error={error(key)}
      invalid={Boolean(subGridError)}
      describedBy={subGridError ? "skill-subGrid-error" : undefined}
      value={state[key]}
      onChange={(value) => update((current) => ({ ...current, [key]: value }), [key, "subGrid"])}
    />
  );

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <h2>{t("skillForm.section.details")}</h2>
        <SkillNameField
          id="skill-name"
          label={labelOf("name")}
          error={error("name")}
          value={state.name}
          onChange={(name) => update((current) => withName(current, name), ["name", "id"])}
        />
        {creating && (
          <FormField id="skill-id" label={labelOf("id")} error={error("id")} describedBy="skill-id-hint">
            {(props) => (
              <>
                <input
                  {...props}
                  name="id"
                  autoComplete="off"
                  spellCheck={false}
                  value={state.id}
                  onChange={(event) => {
                    const id = event.target.value;
                    update((current) => ({ ...current, id, idTouched: true }), ["id"]);
                  }}
                />
                <p className="field-hint" id="skill-id-hint">
                  {t("skillForm.idHint")}
                </p>
              </>
            )}
          </FormField>
        )}
        <IconField
          id="skill-icon"
          value={state.icon}
          hint={t("skillForm.iconHint")}
          error={error("icon")}
          onChange={(icon) => update((current) => ({ ...current, icon }), ["icon"])}
        />
      </section>

      <section className="detail-card">
        <h2>{t("skillForm.section.placement")}</h2>
        <CellSelect
          id="skill-cell"
          cells={cells}
          value={state.cell}
          error={error("cell")}
          fullHint={t("skillForm.rootGridFull")}
          onChange={(cell) => update((current) => ({ ...current, cell }), ["cell"])}
        />
        <div className="form-row">
          {gridInput("subRows")}
          {gridInput("subColumns")}
        </div>
        <p className="field-hint">{t("skillForm.subGridHint")}</p>
        {subGridError && (
          <p className="form-error field-error" id="skill-subGrid-error" role="alert">
            {subGridError}
          </p>
        )}
      </section>

      <DependenciesCard
        id="skill-dependencies"
        label={t("skillForm.section.dependencies")}
        hint={t("skillForm.dependenciesHint")}
        emptyText={t("skillForm.noDependencies")}
        skills={tree.roots}
        selfId={skill?.id ?? null}
        chosen={state.dependencies}
        error={error("dependencies")}
        onChange={(change) =>
          update((current) => ({ ...current, dependencies: change(current.dependencies) }), ["dependencies"])
        }
      />

      <FormActions
        busy={form.busy}
        busyLabel={t("skillForm.saving")}
        submitLabel={t(creating ? "skillForm.create" : "skillForm.save")}
      >
        <FormCancelLink href={skill ? manageSkillHref(skill.id) : skillListHref()}>
          {t("skillForm.cancel")}
        </FormCancelLink>
      </FormActions>
    </form>
  );
}

/**
 * `/dashboard/skill-tree/create` (spec §2 "Create Sub Tree") and `/dashboard/skill-tree/:rootSkill/edit`:
 * a root skill's name, id, icon, cell of the tree grid, sub-skill grid size and dependencies, checked
 * with the API's own schema before it is sent.
 */
export default function RootSkillFormPage() {
  const { t } = useT();
  const { rootSkill } = useParams<{ rootSkill?: string }>();
  const editing = rootSkill !== undefined;
  const { resource: skill, reload } = useResource(
    () => (rootSkill !== undefined ? skillsApi.get(rootSkill) : Promise.resolve(null)),
    rootSkill ?? "create",
  );
  const { resource: tree, reload: reloadTree } = useResource(() => skillsApi.tree(), "tree");
  useDocumentTitle(
    t(editing ? "skillForm.editTitle" : "skillForm.createTitle"),
    skill.state === "ready" ? skill.data?.name : null,
  );

  const back = <BackLink href={rootSkill !== undefined ? manageSkillHref(rootSkill) : skillListHref()} />;

  if (skill.state !== "ready" || tree.state === "loading") {
    return (
      <FormRecordStatus
        resource={skill.state === "ready" ? { state: "loading" } : skill}
        area="skill"
        editing={editing}
        back={back}
        onRetry={reload}
      />
    );
  }
  if (tree.state === "error") {
    return <FormChoicesStatus resource={tree} error="skillForm.treeError" back={back} onRetry={reloadTree} />;
  }

  return (
    <FormPage
      titleId="skill-form-title"
      title={t(editing ? "skillForm.editTitle" : "skillForm.createTitle")}
      subtitle={
        skill.data ? (
          <>
            {skill.data.name} · <code>{skill.data.id}</code>
          </>
        ) : (
          t("skillForm.createSubtitle")
        )
      }
      back={back}
    >
      <RootSkillForm key={skill.data?.id ?? "new"} tree={tree.data} skill={skill.data} />
    </FormPage>
  );
}
