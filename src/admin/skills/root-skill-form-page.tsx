import type { FormEvent } from "react";
import { Link, useLocation, useParams } from "wouter";
import {
  type RootSkillCreate,
  type RootSkillDetail,
  type RootSkillUpdate,
  type SkillTree,
  skillGridMax,
  skillTreeErrors,
} from "../../shared/skills-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail-status.tsx";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import { CellSelect } from "./cell-select.tsx";
import { DependencyPicker } from "./dependency-picker.tsx";
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
import { skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";
import { dependencyOptions, firstFreeCell, gridCells, toggleDependency } from "./skill-options.ts";
import { manageSkillHref, skillListHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { useSkillForm } from "./use-skill-form.ts";
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
  const form = useSkillForm<RootSkillFormState>(
    () => (skill ? rootSkillFormFromDetail(skill) : emptyRootSkillForm(firstFreeCell(cells))),
    (state) => validateRootSkillForm(state, creating),
  );
  const { state, update, errorOf } = form;
  const labelOf = (path: string) => t(fieldLabels[path] ?? "skill.field.name");
  const error = (path: string) => errorOf(path, labelOf(path));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.setSubmitted(true);
    if (Object.keys(validateRootSkillForm(state, creating)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    const body = rootSkillRequest(state, creating);
    form.setBusy(true);
    try {
      const saved = skill
        ? await skillsApi.update(skill.id, body as RootSkillUpdate)
        : await skillsApi.create(body as RootSkillCreate);
      showToast({ type: "success", heading: skill ? "skill.updated" : "skill.created" });
      navigate(manageSkillHref(saved.id));
    } catch (failure) {
      const placed = skillServerFieldErrors(failure, rootSkillFormPath, refusalPlacement);
      if (placed) {
        form.setServerErrors(placed);
        showToast({ type: "error", heading: "form.invalid" });
      } else {
        showToast({ type: "error", heading: "toast.error", body: skillFailureText(tr, failure) });
      }
    } finally {
      form.setBusy(false);
    }
  };

  const gridInput = (key: "subRows" | "subColumns") => (
    <FormField id={`skill-${key}`} label={labelOf(key)} error={error(key)}>
      {(props) => (
        <input
          {...props}
          name={key}
          type="number"
          inputMode="numeric"
          min={1}
          max={skillGridMax}
          step={1}
          value={state[key]}
          onChange={(event) => {
            const value = event.target.value;
            update((current) => ({ ...current, [key]: value }), [key, "subGrid"]);
          }}
        />
      )}
    </FormField>
  );

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <h2>{t("skillForm.section.details")}</h2>
        <FormField id="skill-name" label={labelOf("name")} error={error("name")}>
          {(props) => (
            <input
              {...props}
              name="name"
              maxLength={60}
              autoComplete="off"
              value={state.name}
              onChange={(event) => {
                const name = event.target.value;
                update((current) => withName(current, name), ["name", "id"]);
              }}
            />
          )}
        </FormField>
        {creating && (
          <FormField id="skill-id" label={labelOf("id")} error={error("id")}>
            {(props) => (
              <>
                <input
                  {...props}
                  name="id"
                  maxLength={40}
                  autoComplete="off"
                  spellCheck={false}
                  value={state.id}
                  onChange={(event) => {
                    const id = event.target.value;
                    update((current) => ({ ...current, id, idTouched: true }), ["id"]);
                  }}
                />
                <p className="field-hint">{t("skillForm.idHint")}</p>
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
        {error("subGrid") && <p className="form-error field-error">{error("subGrid")}</p>}
      </section>

      <section className="detail-card">
        <DependencyPicker
          id="skill-dependencies"
          label={t("skillForm.section.dependencies")}
          hint={t("skillForm.dependenciesHint")}
          emptyText={t("skillForm.noDependencies")}
          options={dependencyOptions(tree.roots, skill?.id ?? null, state.dependencies)}
          chosen={state.dependencies}
          error={error("dependencies")}
          onChange={(id, on) =>
            update(
              (current) => ({ ...current, dependencies: toggleDependency(current.dependencies, id, on) }),
              ["dependencies"],
            )
          }
        />
      </section>

      <div className="page-actions">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? t("skillForm.saving") : t(creating ? "skillForm.create" : "skillForm.save")}
        </Button>
        <Link
          href={skill ? manageSkillHref(skill.id) : skillListHref()}
          className={buttonClass({ variant: "tertiary" })}
        >
          {t("skillForm.cancel")}
        </Link>
      </div>
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

  const back = (
    <Link
      href={rootSkill !== undefined ? manageSkillHref(rootSkill) : skillListHref()}
      className={buttonClass({ variant: "tertiary", size: "sm" })}
    >
      ← {t("nav.goBack")}
    </Link>
  );

  if (skill.state !== "ready" || tree.state === "loading") {
    return (
      <DetailStatus
        resource={skill.state === "ready" ? { state: "loading" } : skill}
        texts={{
          loading: editing ? "skill.loading" : "loading.page",
          notFound: "skill.notFound",
          notFoundHint: "skill.notFoundHint",
          error: "skill.error",
          retry: "list.retry",
        }}
        back={back}
        onRetry={reload}
      />
    );
  }
  if (tree.state === "error") {
    return (
      <section>
        {back}
        <div className="state-panel" role="alert">
          <p>{t("skillForm.treeError")}</p>
          <Button variant="secondary" onClick={reloadTree}>
            {t("list.retry")}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="skill-form-title">
      {back}
      <header className="page-header">
        <h1 id="skill-form-title">{t(editing ? "skillForm.editTitle" : "skillForm.createTitle")}</h1>
        <p className="subtle">
          {skill.data ? (
            <>
              {skill.data.name} · <code>{skill.data.id}</code>
            </>
          ) : (
            t("skillForm.createSubtitle")
          )}
        </p>
      </header>
      <RootSkillForm key={skill.data?.id ?? "new"} tree={tree.data} skill={skill.data} />
    </section>
  );
}
