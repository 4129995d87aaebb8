import { Link } from "wouter";
import type { JobListItem } from "../../shared/jobs-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list-screen.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { useListQuery } from "../shell/use-list-query.ts";
import { JobFilters } from "./job-filters.tsx";
import { salaryRange, workModeId } from "./job-labels.ts";
import { jobListUrl } from "./job-list-query.ts";
import { jobHref, jobsPath } from "./job-paths.ts";
import { jobsApi } from "./jobs-api.ts";

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
  const list = useListQuery(jobsPath, jobListUrl);
  const { resource, reload } = useResource(() => jobsApi.list(list.query), list.search);

  return (
    <section aria-labelledby="jobs-title">
      <ListHeader
        id="jobs-title"
        title={t("jobs.title")}
        subtitle={t("jobs.subtitle")}
        actions={
          <Link href="/dashboard/jobs/create" className={buttonClass()}>
            {t("jobs.create")}
          </Link>
        }
      />
      <ListToolbar id="job-search" label="jobs.search" placeholder="jobs.searchPlaceholder" list={list}>
        <JobFilters
          query={list.query}
          onChange={list.change}
          onReset={() => list.setQuery(jobListUrl.defaults)}
        />
      </ListToolbar>
      <ListTable
        list={list}
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
        head={
          <>
            <SortHeader field="title" label="jobs.column.title" {...list.sortProps} />
            <SortHeader field="company" label="jobs.column.company" {...list.sortProps} />
            <th scope="col">{t("jobs.column.type")}</th>
            <th scope="col">{t("jobs.column.level")}</th>
            <th scope="col">{t("jobs.column.workMode")}</th>
            <SortHeader field="salaryMax" label="jobs.column.salary" {...list.sortProps} />
            <SortHeader field="updatedAt" label="jobs.column.updated" {...list.sortProps} />
          </>
        }
      >
        {(data) => data.items.map((job) => <JobRow key={job.id} job={job} />)}
      </ListTable>
    </section>
  );
}
