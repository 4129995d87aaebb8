import { Link, useParams } from "wouter";
import type { RootSkillDetail, SubSkill } from "../../shared/skills-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail/detail-status.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { SkillIcon } from "./skill-icon.tsx";
import { skillNames } from "./skill-options.ts";
import { addSubSkillHref, editSubSkillHref, manageSkillHref, subSkillsHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { subSkillListUrl } from "./sub-skill-list-query.ts";
import "./skills.css";

function SubSkillRow({ root, skill }: { root: RootSkillDetail; skill: SubSkill }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const needs = skillNames(skill.dependencies, root.subSkills);
  return (
    <tr data-testid="sub-skill-row">
      <td className="primary-cell">
        <Link href={editSubSkillHref(root.id, skill.id)} className="table-link skill-name">
          <SkillIcon icon={skill.icon} />
          {skill.name}
        </Link>
      </td>
      <td data-label={t("subSkills.column.position")}>
        {t("skill.position", { row: skill.row + 1, column: skill.column + 1 })}
      </td>
      <td
        className={needs.length ? "wrap-cell" : "subtle-cell"}
        data-label={t("subSkills.column.dependencies")}
      >
        {needs.length ? needs.map((need) => need.name).join(", ") : t("skill.none")}
      </td>
      <td className="numeric" data-label={t("subSkills.column.courses")}>
        {formatNumber(skill.courses.length)}
      </td>
      <td title={format.dateTime(skill.updatedAt)} data-label={t("subSkills.column.updated")}>
        {format.ago(skill.updatedAt)}
      </td>
    </tr>
  );
}

/**
 * `/dashboard/skill-tree/:rootSkill/sub-skills`: a root's sub-skills as a list with search, sorting and
 * pages kept in the URL; each row leads to its edit form.
 */
export default function SubSkillListPage() {
  const { t } = useT();
  const { rootSkill = "" } = useParams<{ rootSkill: string }>();
  const list = useListQuery(subSkillsHref(rootSkill), subSkillListUrl);
  const { resource: root, reload: reloadRoot } = useResource(() => skillsApi.get(rootSkill), rootSkill);
  const { resource, reload } = useResource(
    () => skillsApi.subSkills(rootSkill, list.query),
    `${rootSkill}${list.search}`,
  );
  useDocumentTitle(t("subSkills.title"), root.state === "ready" ? root.data.name : null);

  const back = <BackLink href={manageSkillHref(rootSkill)} />;
  if (root.state !== "ready") {
    return (
      <DetailStatus
        resource={root}
        texts={{
          loading: "subSkills.loading",
          notFound: "skill.notFound",
          notFoundHint: "skill.notFoundHint",
          error: "subSkills.error",
          retry: "list.retry",
        }}
        back={back}
        onRetry={reloadRoot}
      />
    );
  }

  return (
    <section aria-labelledby="sub-skills-title">
      {back}
      <ListHeader
        id="sub-skills-title"
        title={t("subSkills.title")}
        subtitle={
          <>
            <SkillIcon icon={root.data.icon} />
            {t("subSkills.subtitle", { name: root.data.name })}
          </>
        }
        subtitleClassName="subtle skill-name"
        actions={
          <>
            <Link href={manageSkillHref(rootSkill)} className={buttonClass({ variant: "secondary" })}>
              {t("subSkills.manage")}
            </Link>
            <Link href={addSubSkillHref(rootSkill)} className={buttonClass()}>
              {t("skill.action.addSubSkill")}
            </Link>
          </>
        }
      />
      <ListToolbar
        id="sub-skill-search"
        label="subSkills.search"
        placeholder="subSkills.searchPlaceholder"
        list={list}
      />
      <ListTable
        list={list}
        resource={resource}
        texts={{
          loading: "subSkills.loading",
          error: "subSkills.error",
          retry: "list.retry",
          empty: "subSkills.empty",
          emptyHint: list.query.q ? "subSkills.emptyHint" : "subSkills.emptyRootHint",
          count: "subSkills.count",
        }}
        onRetry={reload}
        head={
          <>
            <SortHeader field="name" label="subSkills.column.name" {...list.sortProps} />
            <SortHeader field="position" label="subSkills.column.position" {...list.sortProps} />
            <th scope="col">{t("subSkills.column.dependencies")}</th>
            <th scope="col" className="numeric">
              {t("subSkills.column.courses")}
            </th>
            <SortHeader field="updatedAt" label="subSkills.column.updated" {...list.sortProps} />
          </>
        }
      >
        {(data) => data.items.map((skill) => <SubSkillRow key={skill.id} root={root.data} skill={skill} />)}
      </ListTable>
    </section>
  );
}
