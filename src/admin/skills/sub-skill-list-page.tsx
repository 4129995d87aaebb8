import { useCallback, useMemo } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import type { RootSkillDetail, SubSkill } from "../../shared/skills-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail-status.tsx";
import { ListStatus } from "../shell/list-status.tsx";
import { changeListQuery, listPageSizes, toggleListSort } from "../shell/list-url.ts";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { SkillIcon } from "./skill-icon.tsx";
import { skillNames } from "./skill-options.ts";
import { addSubSkillHref, editSubSkillHref, manageSkillHref, subSkillsHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import {
  parseSubSkillListQuery,
  type SubSkillListQuery,
  type SubSkillSortField,
  subSkillListSearch,
} from "./sub-skill-list-query.ts";
import "./skills.css";

function SubSkillRow({ root, skill }: { root: RootSkillDetail; skill: SubSkill }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const needs = skillNames(skill.dependencies, root.subSkills);
  return (
    <tr data-testid="sub-skill-row">
      <td>
        <Link href={editSubSkillHref(root.id, skill.id)} className="table-link skill-name">
          <SkillIcon icon={skill.icon} />
          {skill.name}
        </Link>
      </td>
      <td>{t("skill.position", { row: skill.row + 1, column: skill.column + 1 })}</td>
      <td className={needs.length ? "wrap-cell" : "subtle-cell"}>
        {needs.length ? needs.map((need) => need.name).join(", ") : t("skill.none")}
      </td>
      <td className="numeric">{formatNumber(skill.courses.length)}</td>
      <td title={format.dateTime(skill.updatedAt)}>{format.ago(skill.updatedAt)}</td>
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
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseSubSkillListQuery(search), [search]);
  const setQuery = useCallback(
    (next: SubSkillListQuery, replace = false) =>
      navigate(`${subSkillsHref(rootSkill)}${subSkillListSearch(next)}`, { replace }),
    [navigate, rootSkill],
  );
  const { resource: root, reload: reloadRoot } = useResource(() => skillsApi.get(rootSkill), rootSkill);
  const { resource, reload } = useResource(
    () => skillsApi.subSkills(rootSkill, query),
    `${rootSkill}${subSkillListSearch(query)}`,
  );
  const change = (next: Partial<SubSkillListQuery>) => setQuery(changeListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const sortProps = {
    sort: query.sort,
    onSort: (field: SubSkillSortField) => setQuery(toggleListSort(query, field)),
  };

  const back = (
    <Link href={manageSkillHref(rootSkill)} className={buttonClass({ variant: "tertiary", size: "sm" })}>
      ← {t("nav.goBack")}
    </Link>
  );
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
      <header className="page-header page-header-actions">
        <div>
          <h1 id="sub-skills-title">{t("subSkills.title")}</h1>
          <p className="subtle skill-name">
            <SkillIcon icon={root.data.icon} />
            {t("subSkills.subtitle", { name: root.data.name })}
          </p>
        </div>
        <div className="page-actions">
          <Link href={manageSkillHref(rootSkill)} className={buttonClass({ variant: "secondary" })}>
            {t("subSkills.manage")}
          </Link>
          <Link href={addSubSkillHref(rootSkill)} className={buttonClass()}>
            {t("skill.action.addSubSkill")}
          </Link>
        </div>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="sub-skill-search"
          label="subSkills.search"
          placeholder="subSkills.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
      </div>
      <ListStatus
        resource={resource}
        texts={{
          loading: "subSkills.loading",
          error: "subSkills.error",
          retry: "list.retry",
          empty: "subSkills.empty",
          emptyHint: query.q ? "subSkills.emptyHint" : "subSkills.emptyRootHint",
          count: "subSkills.count",
        }}
        onRetry={reload}
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <SortHeader field="name" label="subSkills.column.name" {...sortProps} />
                    <SortHeader field="position" label="subSkills.column.position" {...sortProps} />
                    <th scope="col">{t("subSkills.column.dependencies")}</th>
                    <th scope="col" className="numeric">
                      {t("subSkills.column.courses")}
                    </th>
                    <SortHeader field="updatedAt" label="subSkills.column.updated" {...sortProps} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((skill) => (
                    <SubSkillRow key={skill.id} root={root.data} skill={skill} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={query.page}
              pageSize={query.pageSize}
              total={data.total}
              pageSizes={listPageSizes}
              onPage={(page) => change({ page })}
              onPageSize={(pageSize) => change({ pageSize })}
            />
          </>
        )}
      </ListStatus>
    </section>
  );
}
