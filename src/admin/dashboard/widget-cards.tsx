import { Link } from "wouter";
import type { WidgetStats } from "../../shared/inbox-api.ts";
import { useResource } from "../api/use-resource.ts";
import { contentListPath, contentPath } from "../content/content-paths.ts";
import { conversationsPath } from "../conversations/conversation-paths.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { inboxPath } from "../inbox/inbox-paths.ts";
import { projectsApi } from "../projects/projects-api.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import widgetCardsCss from "./widget-cards.css" with { type: "text" };

// Adopted, not imported: a CSS import would join the entry's stylesheet on the sign-in route.
adoptStyles(widgetCardsCss);

interface WidgetCard {
  key: string;
  label: MessageId;
  value: number;
  href: string;
  /** A second figure under the value ("12 open"), when it says something. */
  note?: { id: MessageId; count: number };
}

/**
 * The widget side of the dashboard: new reports, open conversations and survey responses,
 * each a card leading to its screen. Survey answers live per project; the card opens the first
 * project's surveys (the content screens let the admin switch).
 */
export function WidgetCards({ stats }: { stats: WidgetStats }) {
  const { t, formatNumber } = useT();
  const { resource } = useResource(() => projectsApi.all(), "widget-card-projects");
  const firstProject = resource.state === "ready" ? resource.data.items[0] : undefined;
  const cards: WidgetCard[] = [
    {
      key: "newReports",
      label: "dashboard.widget.newReports",
      value: stats.newReports,
      href: inboxPath,
      note: { id: "dashboard.widget.openReports", count: stats.openReports },
    },
    {
      key: "openConversations",
      label: "dashboard.widget.openConversations",
      value: stats.openConversations,
      href: conversationsPath,
      note:
        stats.unreadConversations > 0
          ? { id: "dashboard.widget.unreadConversations", count: stats.unreadConversations }
          : undefined,
    },
    {
      key: "surveyResponses",
      label: "dashboard.widget.surveyResponses",
      value: stats.surveyResponses,
      href: firstProject ? contentListPath(firstProject.id, "surveys") : contentPath,
    },
  ];
  return (
    <section className="widget-stats" aria-labelledby="widget-stats-title">
      <h2 id="widget-stats-title">{t("dashboard.widget.title")}</h2>
      <ul className="stat-grid">
        {cards.map((card) => (
          <li key={card.key}>
            <Link href={card.href} className="stat-card widget-card" data-testid={`widget-${card.key}`}>
              <span className="stat-label">{t(card.label)}</span>
              <span className="stat-value">{formatNumber(card.value)}</span>
              {card.note && (
                <span className="widget-card-note">{t(card.note.id, { count: card.note.count })}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
