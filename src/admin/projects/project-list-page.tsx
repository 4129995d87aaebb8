import { Link } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { projectListUrl } from "./project-list-query.ts";
import { projectCreatePath, projectHref, projectsPath } from "./project-paths.ts";
import { projectsApi } from "./projects-api.ts";
import "./project-styles.ts";

/** `/dashboard/projects`: the widget projects (name, SDK key, created), searchable and sorted in the URL. */
export default function ProjectListPage() {
  const { t } = useT();
  const format = useFormatters();
  useDocumentTitle(t("projects.title"));
  const list = useListQuery(projectsPath, projectListUrl);
  const { resource, reload } = useResource(() => projectsApi.list(list.query), list.search);

  return (
    <section aria-labelledby="projects-title">
      <ListHeader
        id="projects-title"
        title={t("projects.title")}
        subtitle={t("projects.subtitle")}
        actions={
          <Link href={projectCreatePath} className={buttonClass()}>
            {t("projects.create")}
          </Link>
        }
      />
      <ListToolbar
        id="project-search"
        label="projects.search"
        placeholder="projects.searchPlaceholder"
        list={list}
      />
      <ListTable
        list={list}
        resource={resource}
        texts={{
          loading: "projects.loading",
          error: "projects.error",
          retry: "list.retry",
          empty: "projects.empty",
          emptyHint: "projects.emptyHint",
          count: "projects.count",
        }}
        onRetry={reload}
        head={
          <>
            <SortHeader field="name" label="projects.column.name" {...list.sortProps} />
            <th scope="col">{t("projects.column.sdkKey")}</th>
            <SortHeader field="createdAt" label="projects.column.created" {...list.sortProps} />
          </>
        }
      >
        {(data) =>
          data.items.map((project) => (
            <tr key={project.id} data-testid="project-row">
              <td className="fluid-cell primary-cell">
                <Link href={projectHref(project.id)} className="table-link clip" title={project.name}>
                  {project.name}
                </Link>
              </td>
              <td data-label={t("projects.column.sdkKey")}>
                <code className="inline-code">{project.sdkKey}</code>
              </td>
              <td title={format.dateTime(project.createdAt)} data-label={t("projects.column.created")}>
                {format.ago(project.createdAt)}
              </td>
            </tr>
          ))
        }
      </ListTable>
    </section>
  );
}
