import { useEffect } from "react";
import { useLocation } from "wouter";
import { lastProject } from "../content/last-project.ts";
import { useProjects } from "../content/use-projects.ts";
import { useT } from "../i18n/intl.ts";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { botListPath } from "./bot-paths.ts";
import "./bot-styles.ts";

/** `/dashboard/bots`: opens the bots of the project looked at last (else the first). */
export default function BotHomePage() {
  const { t } = useT();
  useDocumentTitle(t("bots.title"));
  const [, navigate] = useLocation();
  const { resource, reload } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  const first = projects.find((project) => project.id === lastProject()) ?? projects[0];

  useEffect(() => {
    if (first) navigate(botListPath(first.id), { replace: true });
  }, [first, navigate]);

  return (
    <section aria-labelledby="bots-title">
      <header className="page-header">
        <PageHeading id="bots-title">{t("bots.title")}</PageHeading>
      </header>
      {resource.state === "loading" || first ? (
        <p className="subtle" role="status">
          {t("bots.loading")}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error="bots.error" onRetry={reload} />
      ) : (
        <div className="state-panel">
          <h2>{t("bots.noProjects")}</h2>
          <p>{t("bots.noProjectsHint")}</p>
        </div>
      )}
    </section>
  );
}
