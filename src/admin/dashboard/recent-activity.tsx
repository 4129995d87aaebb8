import type { AuditLogItem } from "../../shared/reports-schemas.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";

/** The panel sits beside the chart; more rows would only push the page down. */
const shownItems = 8;

/**
 * The latest admin actions from the audit log. Actions are shown as the log records them
 * ("user.ban", "job.update"): they are the log's own vocabulary, which the audit API filters by.
 */
export function RecentActivity({ items }: { items: readonly AuditLogItem[] }) {
  const { t } = useT();
  const { ago, dateTime } = useFormatters();
  return (
    <section className="card dashboard-panel" aria-labelledby="activity-title">
      <h2 id="activity-title">{t("dashboard.activity.title")}</h2>
      {items.length === 0 ? (
        <p className="subtle">{t("dashboard.activity.none")}</p>
      ) : (
        <ol className="activity-list">
          {items.slice(0, shownItems).map((item) => (
            <li key={item.id} className="activity-item">
              <code className="activity-action">{item.action}</code>
              <span className="activity-who">
                {item.actor?.name ?? t("dashboard.activity.system")}
                <span className="subtle"> · {item.entity}</span>
              </span>
              <time dateTime={item.createdAt} title={dateTime(item.createdAt)} className="subtle">
                {ago(item.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
