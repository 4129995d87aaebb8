import type { AdminProject } from "../../shared/projects-api.ts";
import { useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { linkColumn } from "../shell/list/list-clip.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { projectListUrl } from "./project-list-query.ts";
import { projectCreatePath, projectHref, projectsPath } from "./project-paths.ts";
import { projectsApi } from "./projects-api.ts";
import "./project-styles.ts";

/** `/dashboard/projects`: the widget projects (name, SDK key, created), searchable and sorted in the URL. */
export default function ProjectListPage() {
  const { t } = useT();
  useDocumentTitle(t("projects.title"));
  const list = useListPage({ path: projectsPath, url: projectListUrl, load: projectsApi.list });

  const columns: ListColumn<AdminProject, typeof list.query.sort.field>[] = [
    linkColumn(
      "projects.column.name",
      (project) => projectHref(project.id),
      (project) => project.name,
      { sort: "name" },
    ),
    {
      label: "projects.column.sdkKey",
      cell: (project) => <code className="inline-code">{project.sdkKey}</code>,
    },
    { label: "projects.column.created", sort: "createdAt", date: (project) => project.createdAt },
  ];

  return (
    <ListPageView
      names={{ messages: "projects", item: "project" }}
      actions={{ create: { href: projectCreatePath, label: "projects.create" } }}
      list={list}
      resource={list.resource}
      columns={columns}
    />
  );
}
