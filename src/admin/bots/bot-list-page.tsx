import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { rememberProject } from "../content/last-project.ts";
import { ProjectChoice } from "../content/project-choice.tsx";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListHeader } from "../shell/list/list-page.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { botApi } from "./bot-api.ts";
import { botCreateHref, botEditHref, botListPath } from "./bot-paths.ts";
import { BotStatusBadge } from "./bot-status-badge.tsx";
import "./bot-styles.ts";

/** `/dashboard/bots/{projectId}`: the project's bots by name, with their status and size. */
export default function BotListPage() {
  const { t } = useT();
  useDocumentTitle(t("bots.title"));
  const { projectId = "" } = useParams<{ projectId: string }>();
  const { resource, reload } = useResource(
    () => botApi.list(projectId).then((page) => page.items),
    projectId,
  );
  useEffect(() => rememberProject(projectId), [projectId]);
  return (
    <section aria-labelledby="bots-title">
      <ListHeader
        id="bots-title"
        title={t("bots.title")}
        subtitle={t("bots.subtitle")}
        actions={
          <Link href={botCreateHref(projectId)} className={buttonClass({ variant: "primary" })}>
            {t("bots.new")}
          </Link>
        }
      />
      <ProjectChoice id="bot-project" label="bots.project" projectId={projectId} pathOf={botListPath} />
      {resource.state === "loading" ? (
        <p className="subtle" role="status">
          {t("bots.loading")}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error="bots.error" onRetry={reload} />
      ) : resource.data.length === 0 ? (
        <div className="state-panel">
          <h2>{t("bots.empty")}</h2>
          <p>{t("bots.emptyHint")}</p>
        </div>
      ) : (
        <ul className="bot-list">
          {resource.data.map((bot) => (
            <li key={bot.id} className="card bot-row" data-testid="bot-row">
              <div className="bot-row-text">
                <Link href={botEditHref(projectId, bot.id)} className="table-link" dir="auto">
                  {bot.name}
                </Link>
                <span className="subtle">
                  {t("bots.steps", { count: bot.steps.length })} ·{" "}
                  <span className="visually-hidden">{t("bots.column.id")}: </span>
                  <code>{bot.id}</code>
                </span>
              </div>
              <BotStatusBadge status={bot.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
