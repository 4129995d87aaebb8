import { useEffect } from "react";
import { useLocation } from "wouter";
import { useT } from "../i18n/intl.ts";
import { PageHeader } from "../shell/layout/page-header.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { lastProject } from "./last-project.ts";
import { useProjects } from "./use-projects.ts";

/** The areas whose home opens a project's own screen: their texts are `{area}.title`, `.loading`, … */
type ProjectArea = "content" | "bots" | "help" | "featureRequests";

/**
 * An area's home (`/dashboard/content`, `/dashboard/bots`, …): opens `open` of the project looked at
 * last (else the first); says so while the projects load, when they fail, and when there is none.
 */
export function LastProjectHome({
  area,
  titleId,
  open,
}: {
  area: ProjectArea;
  titleId: string;
  open: (projectId: string) => string;
}) {
  const { t } = useT();
  useDocumentTitle(t(`${area}.title`));
  const [, navigate] = useLocation();
  const { resource, reload } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  const first = projects.find((project) => project.id === lastProject()) ?? projects[0];
  const target = first ? open(first.id) : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  return (
    <section aria-labelledby={titleId}>
      <PageHeader id={titleId} title={t(`${area}.title`)} />
      {resource.state === "loading" || first ? (
        <p className="subtle" role="status">
          {t(`${area}.loading`)}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error={`${area}.error`} onRetry={reload} />
      ) : (
        <div className="state-panel">
          <h2>{t(`${area}.noProjects`)}</h2>
          <p>{t(`${area}.noProjectsHint`)}</p>
        </div>
      )}
    </section>
  );
}
