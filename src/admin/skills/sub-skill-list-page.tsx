import { useParams } from "wouter";
import type { SubSkill } from "../../shared/skills-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { dependenciesColumn, skillColumns } from "./skill-columns.tsx";
import { SkillIcon } from "./skill-icon.tsx";
import { addSubSkillHref, editSubSkillHref, manageSkillHref, subSkillsHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { subSkillListUrl } from "./sub-skill-list-query.ts";
import "./skill-styles.ts";

/**
 * `/dashboard/skill-tree/:rootSkill/sub-skills`: a root's sub-skills as a list with search, sorting and
 * pages kept in the URL; each row leads to its edit form.
 */
export default function SubSkillListPage() {
  const tr = useT();
  const { t, formatNumber } = tr;
  const { rootSkill = "" } = useParams<{ rootSkill: string }>();
  const list = useListPage({
    path: subSkillsHref(rootSkill),
    url: subSkillListUrl,
    load: (query) => skillsApi.subSkills(rootSkill, query),
    key: (search) => `${rootSkill}${search}`,
  });
  const { resource: root, reload: reloadRoot } = useResource(() => skillsApi.get(rootSkill), rootSkill);
  useDocumentTitle(t("subSkills.title"), root.state === "ready" ? root.data.name : null);

  const back = <BackLink href={manageSkillHref(rootSkill)} />;
  if (root.state !== "ready") {
    return (
      <DetailStatus
        resource={root}
        texts={detailTexts("skill", { loading: "subSkills.loading", error: "subSkills.error" })}
        back={back}
        onRetry={reloadRoot}
      />
    );
  }

  const shared = skillColumns<SubSkill, typeof list.query.sort.field>(
    tr,
    {
      name: "subSkills.column.name",
      position: "subSkills.column.position",
      updated: "subSkills.column.updated",
    },
    (skill) => editSubSkillHref(root.data.id, skill.id),
  );
  const columns: ListColumn<SubSkill, typeof list.query.sort.field>[] = [
    shared.name,
    shared.position,
    dependenciesColumn(tr, "subSkills.column.dependencies", root.data.subSkills),
    { label: "subSkills.column.courses", numeric: true, cell: (skill) => formatNumber(skill.courses.length) },
    shared.updated,
  ];

  return (
    <ListPageView
      before={back}
      names={{ messages: "subSkills", item: "sub-skill", titleId: "sub-skills-title" }}
      heading={{
        subtitle: (
          <>
            <SkillIcon icon={root.data.icon} />
            {t("subSkills.subtitle", { name: root.data.name })}
          </>
        ),
        subtitleClassName: "subtle skill-name",
      }}
      actions={{
        links: [{ href: manageSkillHref(rootSkill), label: "subSkills.manage" }],
        create: { href: addSubSkillHref(rootSkill), label: "skill.action.addSubSkill" },
      }}
      list={list}
      resource={list.resource}
      texts={{ emptyHint: list.query.q ? "subSkills.emptyHint" : "subSkills.emptyRootHint" }}
      columns={columns}
    />
  );
}
