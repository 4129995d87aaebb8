import type { AuditLogItem } from "../../shared/reports-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { actionLabel, entityLabel } from "./activity-labels.ts";

/** The panel sits beside the chart; more rows would only push the page down. */
const shownItems = 8;

/**
 * The latest admin actions from the audit log, in words ("ada banned a user"); the log's own action
 * name ("user.ban", which the audit API filters by) is the row's tooltip.
 */
export function RecentActivity({ items }: { items: readonly AuditLogItem[] }) {
  const { t } = useT();
  const { ago, dateTime } = useFormatters();
  const actor = (item: AuditLogItem) => item.actor?.name ?? t("dashboard.activity.system");
  /** "ada banned a user"; "ada changed a webhook" for an action the feed has no words for. */
  const describe = (item: AuditLogItem) => {
    const action = actionLabel(item.action);
    const entity = entityLabel(item.entity);
    if (!entity) return t("dashboard.activity.other", { actor: actor(item) });
    if (!action) return t("dashboard.activity.changed", { actor: actor(item), entity: t(entity) });
    return t("dashboard.activity.line", { actor: actor(item), action: t(action), entity: t(entity) });
  };
  return (
    <section className="card dashboard-panel" aria-labelledby="activity-title">
      <h2 id="activity-title">{t("dashboard.activity.title")}</h2>
      {items.length === 0 ? (
        <p className="subtle">{t("dashboard.activity.none")}</p>
      ) : (
        <ol className="activity-list">
          {items.slice(0, shownItems).map((item) => (
            <li key={item.id} className="activity-item">
              <span className="activity-who" title={item.action}>
                {describe(item)}
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
