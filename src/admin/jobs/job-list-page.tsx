import { Link } from "wouter";
import type { JobListItem } from "../../shared/jobs-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ExportButton } from "../shell/list/list-export.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
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
      <td className="fluid-cell fluid-60 primary-cell">
        <Link href={jobHref(job.id)} className="table-link clip" title={job.title}>
          {job.title}
        </Link>
      </td>
      <td className="fluid-cell fluid-40" data-label={t("jobs.column.company")}>
        <Link
          href={`/dashboard/companies/${encodeURIComponent(job.company.id)}`}
          className="table-link clip"
          title={job.company.name}
        >
          {job.company.name}
        </Link>
      </td>
      <td data-label={t("jobs.column.type")}>{t(`jobType.${job.type}`)}</td>
      <td data-label={t("jobs.column.level")}>{t(`jobLevel.${job.level}`)}</td>
      <td data-label={t("jobs.column.workMode")}>{t(workModeId(job.remote))}</td>
      <td data-label={t("jobs.column.salary")}>{salaryRange(tr, job.salary)}</td>
      <td title={format.dateTime(job.updatedAt)} data-label={t("jobs.column.updated")}>
        {format.ago(job.updatedAt)}
      </td>
    </tr>
  );
}

/** The CSV file's columns: amounts whole, dates in ISO 8601. */
const csvColumns = (tr: Translator): CsvColumn<JobListItem>[] => [
  { header: tr.t("job.field.title"), value: (job) => job.title },
  { header: tr.t("job.field.company"), value: (job) => job.company.name },
  { header: tr.t("job.field.type"), value: (job) => tr.t(`jobType.${job.type}`) },
  { header: tr.t("job.field.level"), value: (job) => tr.t(`jobLevel.${job.level}`) },
  { header: tr.t("job.field.workMode"), value: (job) => tr.t(workModeId(job.remote)) },
  { header: tr.t("job.field.location"), value: (job) => job.location },
  { header: tr.t("job.field.salaryMin"), value: (job) => job.salary.min },
  { header: tr.t("job.field.salaryMax"), value: (job) => job.salary.max },
  { header: tr.t("job.field.salaryUnit"), value: (job) => tr.t(`salaryUnit.${job.salary.unit}`) },
  { header: tr.t("job.field.salaryPer"), value: (job) => tr.t(`salaryPer.${job.salary.per}`) },
  { header: tr.t("job.field.createdAt"), value: (job) => job.createdAt },
  { header: tr.t("job.field.updatedAt"), value: (job) => job.updatedAt },
];

/** `/dashboard/jobs` (spec §2 Jobs): search, filters, sorting and pages, all kept in the URL. */
export default function JobListPage() {
  const { t } = useT();
  useDocumentTitle(t("jobs.title"));
  const list = useListQuery(jobsPath, jobListUrl);
  const { resource, reload } = useResource(() => jobsApi.list(list.query), list.search);

  return (
    <section aria-labelledby="jobs-title">
      <ListHeader
        id="jobs-title"
        title={t("jobs.title")}
        subtitle={t("jobs.subtitle")}
        actions={
          <>
            <ExportButton
              name="jobs"
              fetchPage={(page, pageSize) => jobsApi.list({ ...list.query, page, pageSize })}
              columns={csvColumns}
            />
            <Link href="/dashboard/jobs/create" className={buttonClass()}>
              {t("jobs.create")}
            </Link>
          </>
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
