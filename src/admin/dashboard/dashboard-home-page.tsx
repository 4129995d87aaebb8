import type { WidgetStats } from "../../shared/inbox-api.ts";
import type { DashboardSummary as PlatformSummary } from "../../shared/reports-api.ts";
import { api } from "../api/api-client.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { LoadingPlaceholder } from "../shell/layout/loading-placeholder.tsx";
import { PageHeader } from "../shell/layout/page-header.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { ReasonChart } from "./reason-chart.tsx";
import { RecentActivity } from "./recent-activity.tsx";
import { WidgetCards } from "./widget-cards.tsx";

/** `GET /api/dashboard` also answers the widget side (src/shared/inbox-api.ts). */
type DashboardSummary = PlatformSummary & { widget?: WidgetStats };

// Open reports are not a card: the chart below shows them, with their total, by reason.
type CardKey = Exclude<keyof DashboardSummary["counts"], "openReports"> | "newUsers";

// Each card is labelled `dashboard.{key}`.
const cards: ReadonlyArray<CardKey> = [
  "users",
  "newUsers",
  "admins",
  "bannedUsers",
  "jobs",
  "companies",
  "challenges",
  "tasks",
  "categories",
  "rootSkills",
];

/**
 * `/dashboard`: the platform's counts as stat cards, open reports by reason as a bar chart and the
 * latest admin actions, with loading, error and empty states (spec §4).
 */
export default function DashboardHomePage() {
  const { t, formatNumber } = useT();
  // useResource drops an answer that arrives after a newer request (Retry clicked twice).
  const { resource: load, reload: fetchSummary } = useResource(
    () => api<DashboardSummary>("/api/dashboard"),
    "dashboard",
  );

  useDocumentTitle(t("dashboard.title"));

  const value = (summary: DashboardSummary, key: CardKey) =>
    key === "newUsers" ? summary.newUsersLast7Days : summary.counts[key];

  return (
    <section aria-labelledby="dashboard-title">
      <PageHeader id="dashboard-title" title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      {load.state === "loading" && (
        <LoadingPlaceholder className="stat-grid" label="dashboard.loading">
          {cards.map((card) => (
            <div key={card} className="stat-card stat-card-skeleton" aria-hidden="true" />
          ))}
        </LoadingPlaceholder>
      )}
      {load.state === "error" && (
        <RetryPanel error="dashboard.error" retry="dashboard.retry" onRetry={fetchSummary} />
      )}
      {load.state === "ready" &&
        (cards.every((card) => value(load.data, card) === 0) ? (
          <div className="state-panel">
            <p>{t("dashboard.empty")}</p>
          </div>
        ) : (
          <>
            <ul className="stat-grid">
              {cards.map((card) => (
                <li key={card} className="stat-card" data-testid={`stat-${card}`}>
                  <span className="stat-label">{t(`dashboard.${card}`)}</span>
                  <span className="stat-value">{formatNumber(value(load.data, card))}</span>
                </li>
              ))}
            </ul>
            {load.data.widget && <WidgetCards stats={load.data.widget} />}
            <div className="dashboard-panels">
              <ReasonChart byReason={load.data.openReportsByReason} />
              <RecentActivity items={load.data.recentActivity} />
            </div>
          </>
        ))}
    </section>
  );
}
