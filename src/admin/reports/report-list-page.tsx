import { useCallback } from "react";
import { Link } from "wouter";
import type { ReportListItem } from "../../shared/reports-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { ListStatus } from "../shell/list-status.tsx";
import { changeListQuery, listPageSizes, toggleListSort } from "../shell/list-url.ts";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { ReportFilters } from "./report-filters.tsx";
import { taskKindLabel } from "./report-labels.ts";
import {
  defaultReportListQuery,
  type ReportListQuery,
  type ReportSortField,
  reportListSearch,
} from "./report-list-query.ts";
import { ReportStatusBadge } from "./report-status-badge.tsx";
import { reportsApi } from "./reports-api.ts";
import { reportHref, useReportListQuery } from "./use-report-list-query.ts";
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
          <span className="subtle-cell">{t("reports.automatic")}</span>
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
  const [query, setQuery] = useReportListQuery();
  const { resource, reload } = useResource(() => reportsApi.list(query), reportListSearch(query));

  const change = (next: Partial<ReportListQuery>) => setQuery(changeListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const sortProps = {
    sort: query.sort,
    onSort: (field: ReportSortField) => setQuery(toggleListSort(query, field)),
  };

  return (
    <section aria-labelledby="reports-title">
      <header className="page-header">
        <h1 id="reports-title">{t("reports.title")}</h1>
        <p className="subtle">{t("reports.subtitle")}</p>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="report-search"
          label="reports.search"
          placeholder="reports.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
        <ReportFilters query={query} onChange={change} onReset={() => setQuery(defaultReportListQuery)} />
      </div>
      <ListStatus
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
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="data-table reports-table">
                <thead>
                  <tr>
                    <th scope="col">{t("reports.column.task")}</th>
                    <th scope="col">{t("reports.column.taskKind")}</th>
                    <SortHeader field="reason" label="reports.column.reason" {...sortProps} />
                    <th scope="col">{t("reports.column.reporter")}</th>
                    <SortHeader field="resolvedAt" label="reports.column.resolution" {...sortProps} />
                    <SortHeader field="createdAt" label="reports.column.reported" {...sortProps} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((report) => (
                    <ReportRow key={report.id} report={report} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={query.page}
              pageSize={query.pageSize}
              total={data.total}
              pageSizes={listPageSizes}
              onPage={(page) => change({ page })}
              onPageSize={(pageSize) => change({ pageSize })}
            />
          </>
        )}
      </ListStatus>
    </section>
  );
}
