import { Link } from "wouter";
import { useT } from "../i18n/intl.ts";
import { type ContentKind, contentKinds } from "./content-kinds.ts";
import { contentListPath } from "./content-paths.ts";
import { ProjectFilterField } from "./project-choice.tsx";
import { useProjects } from "./use-projects.ts";

/**
 * The content area's own navigation above each list: one tab per kind, and the widget project when
 * there is more than one (switching keeps the kind).
 */
export function ContentKindTabs({ projectId, kind }: { projectId: string; kind: ContentKind }) {
  const { t } = useT();
  const { resource } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  return (
    <div className="content-tabs-bar">
      <nav aria-label={t("content.kinds")} className="content-tabs">
        {contentKinds.map((item) => (
          <Link
            key={item}
            href={contentListPath(projectId, item)}
            className="content-tab"
            aria-current={item === kind ? "page" : undefined}
          >
            {t(`content.kind.${item}`)}
          </Link>
        ))}
      </nav>
      {projects.length > 1 && (
        <ProjectFilterField
          className="filter-field content-project"
          label="content.project"
          projects={projects}
          projectId={projectId}
          pathOf={(chosen) => contentListPath(chosen, kind)}
        />
      )}
    </div>
  );
}
