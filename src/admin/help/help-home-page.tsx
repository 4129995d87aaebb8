import { useEffect } from "react";
import { useLocation } from "wouter";
import { lastProject } from "../content/last-project.ts";
import { useProjects } from "../content/use-projects.ts";
import { useT } from "../i18n/intl.ts";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { helpCenterPath } from "./help-paths.ts";
import "./help-styles.ts";

/** `/dashboard/help`: opens the help center of the project looked at last (else the first). */
export default function HelpHomePage() {
  const { t } = useT();
  useDocumentTitle(t("help.title"));
  const [, navigate] = useLocation();
  const { resource, reload } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  const first = projects.find((project) => project.id === lastProject()) ?? projects[0];

  useEffect(() => {
    if (first) navigate(helpCenterPath(first.id), { replace: true });
  }, [first, navigate]);

  return (
    <section aria-labelledby="help-title">
      <header className="page-header">
        <PageHeading id="help-title">{t("help.title")}</PageHeading>
      </header>
      {resource.state === "loading" || first ? (
        <p className="subtle" role="status">
          {t("help.loading")}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error="help.error" onRetry={reload} />
      ) : (
        <div className="state-panel">
          <h2>{t("help.noProjects")}</h2>
          <p>{t("help.noProjectsHint")}</p>
        </div>
      )}
    </section>
  );
}
