import { useEffect } from "react";
import { useLocation } from "wouter";
import { useT } from "../i18n/intl.ts";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { contentListPath } from "./content-paths.ts";
import { lastProject } from "./last-project.ts";
import { useProjects } from "./use-projects.ts";

/** `/dashboard/content`: opens the news of the project looked at last (else the first); says so when there is none. */
export default function ContentHomePage() {
  const { t } = useT();
  useDocumentTitle(t("content.title"));
  const [, navigate] = useLocation();
  const { resource, reload } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  const first = projects.find((project) => project.id === lastProject()) ?? projects[0];

  useEffect(() => {
    if (first) navigate(contentListPath(first.id, "news"), { replace: true });
  }, [first, navigate]);

  return (
    <section aria-labelledby="content-title">
      <header className="page-header">
        <PageHeading id="content-title">{t("content.title")}</PageHeading>
      </header>
      {resource.state === "loading" || first ? (
        <p className="subtle" role="status">
          {t("content.loading")}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error="content.error" onRetry={reload} />
      ) : (
        <div className="state-panel">
          <h2>{t("content.noProjects")}</h2>
          <p>{t("content.noProjectsHint")}</p>
        </div>
      )}
    </section>
  );
}
