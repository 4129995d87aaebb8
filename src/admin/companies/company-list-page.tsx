import { Link } from "wouter";
import type { Company } from "../../shared/jobs-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipText, linkColumn } from "../shell/list/list-clip.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { companiesApi } from "./companies-api.ts";
import { companyListUrl } from "./company-list-query.ts";

export const companiesPath = "/dashboard/companies";
export const companyHref = (id: string) => `${companiesPath}/${encodeURIComponent(id)}`;

/** The CSV file's columns: every field of the list's answer, dates in ISO 8601. */
const csvColumns = (tr: Translator): CsvColumn<Company>[] => [
  { header: tr.t("company.field.name"), value: (company) => company.name },
  { header: tr.t("company.field.website"), value: (company) => company.website },
  { header: tr.t("company.field.jobCount"), value: (company) => company.jobCount },
  { header: tr.t("company.field.videoUrl"), value: (company) => company.videoUrl },
  { header: tr.t("company.field.twitter"), value: (company) => company.twitter },
  { header: tr.t("company.field.instagram"), value: (company) => company.instagram },
  { header: tr.t("company.field.logoUrl"), value: (company) => company.logoUrl },
  { header: tr.t("company.field.description"), value: (company) => company.description },
  { header: tr.t("company.field.createdAt"), value: (company) => company.createdAt },
  { header: tr.t("company.field.updatedAt"), value: (company) => company.updatedAt },
];

/** `/dashboard/companies`: search, sorting (name, jobs, created) and pages, kept in the URL. */
export default function CompanyListPage() {
  const { t, formatNumber } = useT();
  useDocumentTitle(t("companies.title"));
  const list = useListPage({ path: companiesPath, url: companyListUrl, load: companiesApi.list });

  const columns: ListColumn<Company, typeof list.query.sort.field>[] = [
    linkColumn(
      "companies.column.name",
      (company) => companyHref(company.id),
      (company) => company.name,
      { sort: "name" },
    ),
    {
      label: "companies.column.website",
      className: (company) => (company.website ? "fluid-cell" : "fluid-cell subtle-cell"),
      cell: (company) => (company.website ? <ClipText text={company.website} /> : t("field.notSet")),
    },
    {
      label: "companies.column.jobs",
      sort: "jobs",
      numeric: true,
      cell: (company) => (
        <Link href={`/dashboard/jobs?companyId=${encodeURIComponent(company.id)}`} className="table-link">
          {formatNumber(company.jobCount)}
        </Link>
      ),
    },
    { label: "companies.column.created", sort: "createdAt", date: (company) => company.createdAt },
  ];

  return (
    <ListPageView
      names={{ messages: "companies", item: "company" }}
      actions={{
        exportCsv: { name: "companies", fetchPage: list.fetchPage, columns: csvColumns },
        create: { href: `${companiesPath}/create`, label: "companies.create" },
      }}
      list={list}
      resource={list.resource}
      columns={columns}
    />
  );
}
