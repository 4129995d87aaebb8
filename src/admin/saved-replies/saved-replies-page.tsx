import { useEffect } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { AdminProject } from "../../shared/projects-api.ts";
import { useResource } from "../api/use-resource.ts";
import { ProjectFilterField } from "../content/project-choice.tsx";
import { useT } from "../i18n/intl.ts";
import { projectsApi } from "../projects/projects-api.ts";
import { buttonClass } from "../shell/button.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { SavedRepliesCard } from "./saved-replies-card.tsx";
import { savedRepliesScreen } from "./saved-replies-screen.ts";
import { projectSavedRepliesHref, savedRepliesPath } from "./saved-reply-paths.ts";
import "./saved-reply-texts.ts";

/** The heading, and the picker of the projects the signed-in person sees (the address follows it). */
function ScreenHeader({ projects, project }: { projects: readonly AdminProject[]; project: AdminProject }) {
  const { t } = useT();
  return (
    <header className="page-header page-header-actions saved-replies-header">
      <div>
        <PageHeading id="saved-replies-screen-title">{t("savedReplies.title")}</PageHeading>
        <p className="subtle">{t("savedReplies.screenSubtitle")}</p>
      </div>
      <ProjectFilterField
        className="filter-field saved-replies-project"
        label="savedReplies.project"
        projects={projects}
        projectId={project.id}
        pathOf={projectSavedRepliesHref}
        testId="saved-replies-project"
        optionDir="auto"
      />
    </header>
  );
}

/** No project to show: none at all, or not the one the address names. */
function NoProject({ none }: { none: boolean }) {
  const { t } = useT();
  return (
    <section className="state-panel">
      <PageHeading>{t(none ? "savedReplies.noProjects" : "savedReplies.unknownProject")}</PageHeading>
      <p>{t(none ? "savedReplies.noProjectsHint" : "savedReplies.unknownProjectHint")}</p>
      {!none && (
        <Link href={savedRepliesPath} className={buttonClass()}>
          {t("savedReplies.backToScreen")}
        </Link>
      )}
    </section>
  );
}

/**
 * `/dashboard/saved-replies[/{projectId}]`: one widget project's saved replies (the first one's when
 * the address names none), with a picker of the projects the signed-in person sees. Owners and admins
 * see every project; an agent only those they are a member of, as the server lists them.
 */
export default function SavedRepliesPage() {
  const { t } = useT();
  const { projectId } = useParams<{ projectId?: string }>();
  const [, navigate] = useLocation();
  const { resource, reload } = useResource(() => projectsApi.all(), "projects");
  const screen = savedRepliesScreen(resource.state === "ready" ? resource.data.items : null, projectId);
  const shown = screen.kind === "project" ? screen.project.name : null;
  useDocumentTitle(t("savedReplies.title"), shown);

  // No project named: the first one's, replacing this address so Back does not come here again.
  const redirect = screen.kind === "redirect" ? screen.to : null;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  if (resource.state === "error") return <RetryPanel error="savedReplies.projectsError" onRetry={reload} />;
  if (screen.kind === "loading" || screen.kind === "redirect") {
    return (
      <p className="subtle" role="status">
        {t("savedReplies.projectsLoading")}
      </p>
    );
  }
  if (screen.kind !== "project") return <NoProject none={screen.kind === "no-projects"} />;
  return (
    <section className="saved-replies-screen" aria-labelledby="saved-replies-screen-title">
      <ScreenHeader projects={screen.projects} project={screen.project} />
      {/* A card per project: an open form does not carry over to the next project. */}
      <SavedRepliesCard key={screen.project.id} projectId={screen.project.id} heading={screen.project.name} />
    </section>
  );
}
