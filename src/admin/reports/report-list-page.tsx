import { Link } from "wouter";
import type { ReportListItem } from "../../shared/reports-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipText } from "../shell/list/list-clip.tsx";
import { ExportButton } from "../shell/list/list-export.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { ReportFilters } from "./report-filters.tsx";
import { taskKindLabel } from "./report-labels.ts";
import { reportListUrl } from "./report-list-query.ts";
import { reportHref, reportsPath } from "./report-paths.ts";
import { ReportStatusBadge } from "./report-status-badge.tsx";
import { reportsApi } from "./reports-api.ts";
import "./reports.css";

/** The resolution pill, with the resolution date on hover. */
function ResolutionCell({ report }: { report: ReportListItem }) {
  const { t } = useT();
  const format = useFormatters();
  const when = report.resolvedAt
    ? `${format.dateTime(report.resolvedAt)} (${format.ago(report.resolvedAt)})`
    : undefined;
  return (
    <td title={when} data-label={t("reports.column.resolution")}>
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
      <td className="fluid-cell fluid-100 primary-cell report-task-cell">
        <span className="report-task-line" title={report.task.title}>
          <Link href={reportHref(report.id)} className="table-link">
            {report.task.title || t("report.untitled")}
          </Link>
          {report.task.id === null && <span className="subtle-cell"> ({t("reports.taskDeleted")})</span>}
        </span>
        {report.comment ? (
          <ClipText text={report.comment} className="report-comment-line subtle-cell" />
        ) : (
          <span className="report-comment-line subtle-cell">{t("reports.noComment")}</span>
        )}
      </td>
      <td data-label={t("reports.column.taskKind")}>{kind ? t(kind) : report.task.kind}</td>
      <td data-label={t("reports.column.reason")}>{t(`report.reason.${report.reason}`)}</td>
      <td data-label={t("reports.column.reporter")}>
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
      <td title={format.dateTime(report.createdAt)} data-label={t("reports.column.reported")}>
        {format.ago(report.createdAt)}
      </td>
    </tr>
  );
}

/** The CSV file's columns: dates in ISO 8601; an open report has no resolution. */
const csvColumns = (tr: Translator): CsvColumn<ReportListItem>[] => [
  { header: tr.t("reports.column.task"), value: (report) => report.task.title },
  {
    header: tr.t("reports.column.taskKind"),
    value: (report) => {
      const kind = taskKindLabel(report.task.kind);
      return kind ? tr.t(kind) : report.task.kind;
    },
  },
  { header: tr.t("reports.column.reason"), value: (report) => tr.t(`report.reason.${report.reason}`) },
  { header: tr.t("report.field.comment"), value: (report) => report.comment },
  {
    header: tr.t("reports.column.reporter"),
    value: (report) =>
      report.reporter?.name ?? tr.t(report.automatic ? "reports.automatic" : "reports.reporterDeleted"),
  },
  {
    header: tr.t("reports.column.resolution"),
    value: (report) =>
      tr.t(report.resolution ? `report.resolution.${report.resolution}` : "report.state.open"),
  },
  { header: tr.t("reports.column.reported"), value: (report) => report.createdAt },
  { header: tr.t("report.field.resolvedAt"), value: (report) => report.resolvedAt },
];

/** `/dashboard/reported-tasks` (spec §2 Reported Tasks): search, filters, sorting and pages in the URL. */
export default function ReportListPage() {
  const { t } = useT();
  useDocumentTitle(t("reports.title"));
  const list = useListQuery(reportsPath, reportListUrl);
  const { resource, reload } = useResource(() => reportsApi.list(list.query), list.search);

  return (
    <section aria-labelledby="reports-title">
      <ListHeader
        id="reports-title"
        title={t("reports.title")}
        subtitle={t("reports.subtitle")}
        actions={
          <ExportButton
            name="reported-tasks"
            fetchPage={(page, pageSize) => reportsApi.list({ ...list.query, page, pageSize })}
            columns={csvColumns}
          />
        }
      />
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
