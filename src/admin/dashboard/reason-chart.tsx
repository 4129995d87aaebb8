import { Link } from "wouter";
import { type ReportReason, reportReasons } from "../../shared/reports-api.ts";
import { useT } from "../i18n/intl.ts";
import { defaultReportListQuery, reportListSearch } from "../reports/report-list-query.ts";

/**
 * Open reports by reason as horizontal bars (plain CSS: five bars do not need a chart library). Each
 * bar opens the reported-tasks list filtered by its reason.
 */
export function ReasonChart({ byReason }: { byReason: Record<ReportReason, number> }) {
  const { t, formatNumber } = useT();
  const largest = Math.max(1, ...reportReasons.map((reason) => byReason[reason]));
  const total = reportReasons.reduce((sum, reason) => sum + byReason[reason], 0);
  return (
    <section className="card dashboard-panel" aria-labelledby="reason-chart-title">
      <h2 id="reason-chart-title">
        {t("dashboard.reasons.title")} <span className="subtle">({formatNumber(total)})</span>
      </h2>
      {total === 0 ? (
        <p className="subtle">{t("dashboard.reasons.none")}</p>
      ) : (
        <ul className="bar-chart">
          {reportReasons.map((reason) => (
            <li key={reason}>
              <Link
                href={`/dashboard/reported-tasks${reportListSearch({ ...defaultReportListQuery, state: "open", reason })}`}
                className="bar-row"
                data-testid={`reason-${reason}`}
              >
                <span className="bar-label">{t(`report.reason.${reason}`)}</span>
                <span className="bar-track" aria-hidden="true">
                  <span className="bar-fill" style={{ width: `${(byReason[reason] / largest) * 100}%` }} />
                </span>
                <span className="bar-value">{formatNumber(byReason[reason])}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
