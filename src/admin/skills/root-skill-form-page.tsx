import { useParams } from "wouter";
import type { RootSkillDetail, SkillTree } from "../../shared/skills-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { RecordFormActions } from "../shell/form/form-actions.tsx";
import { FormChoicesStatus } from "../shell/form/form-choices-status.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { FormRecordStatus } from "../shell/form/form-record-status.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { DependenciesCard } from "./dependency-picker.tsx";
import { RootSkillDetailsCard } from "./root-skill-details-card.tsx";
import { RootSkillPlacementCard } from "./root-skill-placement-card.tsx";
import { manageSkillHref, skillListHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { useRootSkillForm } from "./use-root-skill-form.ts";
import "./skill-styles.ts";

function RootSkillForm({ tree, skill }: { tree: SkillTree; skill: RootSkillDetail | null }) {
  const { t } = useT();
  const { form, creating, cells, labelOf, error, submit } = useRootSkillForm(tree, skill);
  const { state, update } = form;

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <RootSkillDetailsCard
        creating={creating}
        state={state}
        labelOf={labelOf}
        error={error}
        update={update}
      />

      <RootSkillPlacementCard cells={cells} state={state} labelOf={labelOf} error={error} update={update} />

      <DependenciesCard
        id="skill-dependencies"
        label={t("skillForm.section.dependencies")}
        hint={t("skillForm.dependenciesHint")}
        emptyText={t("skillForm.noDependencies")}
        skills={tree.roots}
        selfId={skill?.id ?? null}
        form={form}
        error={error("dependencies")}
      />

      <RecordFormActions
        messages="skillForm"
        editing={!creating}
        busy={form.busy}
        cancelHref={skill ? manageSkillHref(skill.id) : skillListHref()}
      />
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
