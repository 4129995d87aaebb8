import { useCallback } from "react";
import { Link } from "wouter";
import type { JobListItem } from "../../shared/jobs-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListStatus } from "../shell/list-status.tsx";
import { changeListQuery, listPageSizes, toggleListSort } from "../shell/list-url.ts";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { JobFilters } from "./job-filters.tsx";
import { salaryRange, workModeId } from "./job-labels.ts";
import {
  defaultJobListQuery,
  type JobListQuery,
  type JobSortField,
  jobListSearch,
} from "./job-list-query.ts";
import { jobsApi } from "./jobs-api.ts";
import { jobHref, useJobListQuery } from "./use-job-list-query.ts";

function JobRow({ job }: { job: JobListItem }) {
  const tr = useT();
  const { t } = tr;
  const format = useFormatters();
  return (
    <tr data-testid="job-row">
      <td>
        <Link href={jobHref(job.id)} className="table-link">
          {job.title}
        </Link>
      </td>
      <td>
        <Link href={`/dashboard/companies/${encodeURIComponent(job.company.id)}`} className="table-link">
          {job.company.name}
        </Link>
      </td>
      <td>{t(`jobType.${job.type}`)}</td>
      <td>{t(`jobLevel.${job.level}`)}</td>
      <td>{t(workModeId(job.remote))}</td>
      <td>{salaryRange(tr, job.salary)}</td>
      <td title={format.dateTime(job.updatedAt)}>{format.ago(job.updatedAt)}</td>
    </tr>
  );
}

/** `/dashboard/jobs` (spec §2 Jobs): search, filters, sorting and pages, all kept in the URL. */
export default function JobListPage() {
  const { t } = useT();
  const [query, setQuery] = useJobListQuery();
  const { resource, reload } = useResource(() => jobsApi.list(query), jobListSearch(query));

  const change = (next: Partial<JobListQuery>) => setQuery(changeListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const sortProps = {
    sort: query.sort,
    onSort: (field: JobSortField) => setQuery(toggleListSort(query, field)),
  };

  return (
    <section aria-labelledby="jobs-title">
      <header className="page-header page-header-actions">
        <div>
          <h1 id="jobs-title">{t("jobs.title")}</h1>
          <p className="subtle">{t("jobs.subtitle")}</p>
        </div>
        <div className="page-actions">
          <Link href="/dashboard/jobs/create" className={buttonClass()}>
            {t("jobs.create")}
          </Link>
        </div>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="job-search"
          label="jobs.search"
          placeholder="jobs.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
        <JobFilters query={query} onChange={change} onReset={() => setQuery(defaultJobListQuery)} />
      </div>
      <ListStatus
        resource={resource}
        texts={{
          loading: "jobs.loading",
          error: "jobs.error",
          retry: "list.retry",
          empty: "jobs.empty",
          emptyHint: "jobs.emptyHint",
          count: "jobs.count",
        }}
        onRetry={reload}
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <SortHeader field="title" label="jobs.column.title" {...sortProps} />
                    <SortHeader field="company" label="jobs.column.company" {...sortProps} />
                    <th scope="col">{t("jobs.column.type")}</th>
                    <th scope="col">{t("jobs.column.level")}</th>
                    <th scope="col">{t("jobs.column.workMode")}</th>
                    <SortHeader field="salaryMax" label="jobs.column.salary" {...sortProps} />
                    <SortHeader field="updatedAt" label="jobs.column.updated" {...sortProps} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((job) => (
                    <JobRow key={job.id} job={job} />
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
