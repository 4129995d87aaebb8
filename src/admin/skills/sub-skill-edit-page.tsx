import { useLocation, useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { FormCancelLink } from "../shell/form/form-actions.tsx";
import { PageHeader } from "../shell/layout/page-header.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { SkillIcon } from "./skill-icon.tsx";
import { manageSkillHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { SubSkillForm } from "./sub-skill-form.tsx";
import { useParentRootSkill } from "./use-parent-root-skill.tsx";
import "./skill-styles.ts";

/**
 * `/dashboard/skill-tree/:rootSkill/edit/:subSkill`: one sub-skill's fields, with its siblings to
 * depend on and its root's grid to sit in. Saving leads back to the root's manage screen.
 */
export default function SubSkillEditPage() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { rootSkill = "", subSkill = "" } = useParams<{ rootSkill: string; subSkill: string }>();
  const { root, back, status } = useParentRootSkill(rootSkill, { loading: "subSkill.loading" });
  const { resource: sub, reload: reloadSub } = useResource(
    () => skillsApi.getSubSkill(rootSkill, subSkill),
    `${rootSkill}/${subSkill}`,
  );
  useDocumentTitle(t("subSkillForm.editTitle"), sub.state === "ready" ? sub.data.name : null);

  // The root first: without it there is no grid and no sibling.
  if (!root) return status;
  if (sub.state !== "ready") {
    return <DetailStatus resource={sub} texts={detailTexts("subSkill")} back={back} onRetry={reloadSub} />;
  }

  return (
    <section aria-labelledby="sub-skill-form-title">
      {back}
      <PageHeader
        id="sub-skill-form-title"
        title={t("subSkillForm.editTitle")}
        subtitleClassName="subtle skill-name"
        subtitle={
          <>
            <SkillIcon icon={sub.data.icon} />
            {t("subSkillForm.editSubtitle", { name: sub.data.name, root: root.name })}
          </>
        }
      />
      <SubSkillForm
        key={sub.data.id}
        root={root}
        subSkill={sub.data}
        submitLabel="skillForm.save"
        cancel={<FormCancelLink href={manageSkillHref(rootSkill)}>{t("skillForm.cancel")}</FormCancelLink>}
        onSaved={() => navigate(manageSkillHref(rootSkill))}
      />
    </section>
  );
}
