import { useParams } from "wouter";
import type { SubSkill } from "../../shared/skills-api.ts";
import { useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { dependenciesColumn, skillColumns } from "./skill-columns.tsx";
import { SkillIcon } from "./skill-icon.tsx";
import { addSubSkillHref, editSubSkillHref, manageSkillHref, subSkillsHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { subSkillListUrl } from "./sub-skill-list-query.ts";
import { useParentRootSkill } from "./use-parent-root-skill.tsx";
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
  const { root, back, status } = useParentRootSkill(rootSkill, {
    loading: "subSkills.loading",
    error: "subSkills.error",
  });
  useDocumentTitle(t("subSkills.title"), root ? root.name : null);
  if (!root) return status;

  const shared = skillColumns<SubSkill, typeof list.query.sort.field>(
    tr,
    {
      name: "subSkills.column.name",
      position: "subSkills.column.position",
      updated: "subSkills.column.updated",
    },
    (skill) => editSubSkillHref(root.id, skill.id),
  );
  const columns: ListColumn<SubSkill, typeof list.query.sort.field>[] = [
    shared.name,
    shared.position,
    dependenciesColumn(tr, "subSkills.column.dependencies", root.subSkills),
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
            <SkillIcon icon={root.icon} />
            {t("subSkills.subtitle", { name: root.name })}
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
