import { useEffect } from "react";
import { useLocation } from "wouter";
import { lastProject } from "../content/last-project.ts";
import { useProjects } from "../content/use-projects.ts";
import { useT } from "../i18n/intl.ts";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { featureRequestBoardPath } from "./feature-request-paths.ts";

/** `/dashboard/feature-requests`: opens the board of the project looked at last (else the first). */
export default function FeatureRequestHomePage() {
  const { t } = useT();
  useDocumentTitle(t("featureRequests.title"));
  const [, navigate] = useLocation();
  const { resource, reload } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  const first = projects.find((project) => project.id === lastProject()) ?? projects[0];

  useEffect(() => {
    if (first) navigate(featureRequestBoardPath(first.id), { replace: true });
  }, [first, navigate]);

  return (
    <section aria-labelledby="feature-requests-title">
      <header className="page-header">
        <PageHeading id="feature-requests-title">{t("featureRequests.title")}</PageHeading>
      </header>
      {resource.state === "loading" || first ? (
        <p className="subtle" role="status">
          {t("featureRequests.loading")}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error="featureRequests.error" onRetry={reload} />
      ) : (
        <div className="state-panel">
          <h2>{t("featureRequests.noProjects")}</h2>
          <p>{t("featureRequests.noProjectsHint")}</p>
        </div>
      )}
    </section>
  );
}
