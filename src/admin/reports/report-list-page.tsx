import { Link } from "wouter";
import type { ReportListItem } from "../../shared/reports-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { ListHeader, ListTable, ListToolbar } from "../shell/list-screen.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { useListQuery } from "../shell/use-list-query.ts";
import { ReportFilters } from "./report-filters.tsx";
import { taskKindLabel } from "./report-labels.ts";
import { reportListUrl } from "./report-list-query.ts";
import { reportHref, reportsPath } from "./report-paths.ts";
import { ReportStatusBadge } from "./report-status-badge.tsx";
import { reportsApi } from "./reports-api.ts";
import "./reports.css";

/** The resolution pill, with the resolution date on hover. */
function ResolutionCell({ report }: { report: ReportListItem }) {
  const format = useFormatters();
  const when = report.resolvedAt
    ? `${format.dateTime(report.resolvedAt)} (${format.ago(report.resolvedAt)})`
    : undefined;
  return (
    <td title={when}>
      <ReportStatusBadge resolution={report.resolution} />
    </td>
  );
}

/**
 * One report: the task (to the report's screen) with the reporter's comment under it, so the row fits a
 * laptop screen; then type, reason, reporter, resolution and when it was filed.
 */
function ReportRow({ report }: { report: ReportListItem }) {
  const { t } = useT();
  const format = useFormatters();
  const kind = taskKindLabel(report.task.kind);
  return (
    <tr data-testid="report-row">
      <td className="report-task-cell">
        <span className="report-task-line" title={report.task.title}>
          <Link href={reportHref(report.id)} className="table-link">
            {report.task.title || t("report.untitled")}
          </Link>
          {report.task.id === null && <span className="subtle-cell"> ({t("reports.taskDeleted")})</span>}
        </span>
        <span className="report-comment-line subtle-cell" title={report.comment || undefined}>
          {report.comment || t("reports.noComment")}
        </span>
      </td>
      <td>{kind ? t(kind) : report.task.kind}</td>
      <td>{t(`report.reason.${report.reason}`)}</td>
      <td>
        {report.reporter ? (
          <Link href={`/dashboard/users/${encodeURIComponent(report.reporter.id)}`} className="table-link">
            {report.reporter.name}
          </Link>
        ) : (
          <span className="subtle-cell">
            {t(report.automatic ? "reports.automatic" : "reports.reporterDeleted")}
          </span>
        )}
      </td>
      <ResolutionCell report={report} />
      <td title={format.dateTime(report.createdAt)}>{format.ago(report.createdAt)}</td>
    </tr>
  );
}

/** `/dashboard/reported-tasks` (spec §2 Reported Tasks): search, filters, sorting and pages in the URL. */
export default function ReportListPage() {
  const { t } = useT();
  const list = useListQuery(reportsPath, reportListUrl);
  const { resource, reload } = useResource(() => reportsApi.list(list.query), list.search);

  return (
    <section aria-labelledby="reports-title">
      <ListHeader id="reports-title" title={t("reports.title")} subtitle={t("reports.subtitle")} />
      <ListToolbar
        id="report-search"
        label="reports.search"
        placeholder="reports.searchPlaceholder"
        list={list}
      >
        <ReportFilters
          query={list.query}
          onChange={list.change}
          onReset={() => list.setQuery(reportListUrl.defaults)}
        />
      </ListToolbar>
      <ListTable
        list={list}
        resource={resource}
        texts={{
          loading: "reports.loading",
          error: "reports.error",
          retry: "list.retry",
          empty: "reports.empty",
          emptyHint: "reports.emptyHint",
          count: "reports.count",
        }}
        onRetry={reload}
        className="reports-table"
        head={
          <>
            <th scope="col">{t("reports.column.task")}</th>
            <th scope="col">{t("reports.column.taskKind")}</th>
            <SortHeader field="reason" label="reports.column.reason" {...list.sortProps} />
            <th scope="col">{t("reports.column.reporter")}</th>
            <SortHeader field="resolvedAt" label="reports.column.resolution" {...list.sortProps} />
            <SortHeader field="createdAt" label="reports.column.reported" {...list.sortProps} />
          </>
        }
      >
        {(data) => data.items.map((report) => <ReportRow key={report.id} report={report} />)}
      </ListTable>
    </section>
  );
}
