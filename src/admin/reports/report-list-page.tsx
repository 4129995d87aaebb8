import { Link } from "wouter";
import type { ReportListItem } from "../../shared/reports-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipText } from "../shell/list/list-clip.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { reportFilters } from "./report-filters.tsx";
import { taskKindLabel } from "./report-labels.ts";
import { reportListUrl } from "./report-list-query.ts";
import { reportHref, reportsPath } from "./report-paths.ts";
import { ReportStatusBadge } from "./report-status-badge.tsx";
import { reportsApi } from "./reports-api.ts";
import "./report-styles.ts";

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

/**
 * `/dashboard/reported-tasks` (spec §2 Reported Tasks): search, filters, sorting and pages in the URL.
 * A row shows the task (to the report's screen) with the reporter's comment under it, so it fits a
 * laptop screen; then type, reason, reporter, resolution and when it was filed.
 */
export default function ReportListPage() {
  const { t } = useT();
  const format = useFormatters();
  useDocumentTitle(t("reports.title"));
  const list = useListPage({ path: reportsPath, url: reportListUrl, load: reportsApi.list });

  const columns: ListColumn<ReportListItem, typeof list.query.sort.field>[] = [
    {
      label: "reports.column.task",
      primary: true,
      className: "fluid-cell fluid-100 primary-cell report-task-cell",
      cell: (report) => (
        <>
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
        </>
      ),
    },
    {
      label: "reports.column.taskKind",
      cell: (report) => {
        const kind = taskKindLabel(report.task.kind);
        return kind ? t(kind) : report.task.kind;
      },
    },
    { label: "reports.column.reason", sort: "reason", cell: (report) => t(`report.reason.${report.reason}`) },
    {
      label: "reports.column.reporter",
      cell: (report) =>
        report.reporter ? (
          <Link href={`/dashboard/users/${encodeURIComponent(report.reporter.id)}`} className="table-link">
            {report.reporter.name}
          </Link>
        ) : (
          <span className="subtle-cell">
            {t(report.automatic ? "reports.automatic" : "reports.reporterDeleted")}
          </span>
        ),
    },
    {
      label: "reports.column.resolution",
      sort: "resolvedAt",
      // The resolution date on hover.
      title: (report) =>
        report.resolvedAt
          ? `${format.dateTime(report.resolvedAt)} (${format.ago(report.resolvedAt)})`
          : undefined,
      cell: (report) => <ReportStatusBadge resolution={report.resolution} />,
    },
    { label: "reports.column.reported", sort: "createdAt", date: (report) => report.createdAt },
  ];

  return (
    <ListPageView
      names={{ messages: "reports", item: "report" }}
      actions={{ exportCsv: { name: "reported-tasks", fetchPage: list.fetchPage, columns: csvColumns } }}
      list={list}
      resource={list.resource}
      filters={reportFilters}
      className="reports-table"
      columns={columns}
    />
  );
}
