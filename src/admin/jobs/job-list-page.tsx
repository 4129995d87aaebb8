import type { JobListItem } from "../../shared/jobs-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipLink, linkColumn } from "../shell/list/list-clip.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { jobFilters } from "./job-filters.tsx";
import { salaryRange, workModeId } from "./job-labels.ts";
import { jobListUrl } from "./job-list-query.ts";
import { jobHref, jobsPath } from "./job-paths.ts";
import { jobsApi } from "./jobs-api.ts";

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
  const tr = useT();
  const { t } = tr;
  useDocumentTitle(t("jobs.title"));
  const list = useListPage({ path: jobsPath, url: jobListUrl, load: jobsApi.list });

  const columns: ListColumn<JobListItem, typeof list.query.sort.field>[] = [
    linkColumn(
      "jobs.column.title",
      (job) => jobHref(job.id),
      (job) => job.title,
      { sort: "title", width: 60 },
    ),
    {
      label: "jobs.column.company",
      sort: "company",
      className: "fluid-cell fluid-40",
      cell: (job) => (
        <ClipLink
          href={`/dashboard/companies/${encodeURIComponent(job.company.id)}`}
          text={job.company.name}
        />
      ),
    },
    { label: "jobs.column.type", cell: (job) => t(`jobType.${job.type}`) },
    { label: "jobs.column.level", cell: (job) => t(`jobLevel.${job.level}`) },
    { label: "jobs.column.workMode", cell: (job) => t(workModeId(job.remote)) },
    { label: "jobs.column.salary", sort: "salaryMax", cell: (job) => salaryRange(tr, job.salary) },
    { label: "jobs.column.updated", sort: "updatedAt", date: (job) => job.updatedAt },
  ];

  return (
    <ListPageView
      names={{ messages: "jobs", item: "job" }}
      actions={{
        exportCsv: { name: "jobs", fetchPage: list.fetchPage, columns: csvColumns },
        create: { href: "/dashboard/jobs/create", label: "jobs.create" },
      }}
      list={list}
      resource={list.resource}
      filters={jobFilters}
      columns={columns}
    />
  );
}
