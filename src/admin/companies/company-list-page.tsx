import { Link } from "wouter";
import type { Company } from "../../shared/jobs-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipText } from "../shell/list/list-clip.tsx";
import { ExportButton } from "../shell/list/list-export.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
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
  const format = useFormatters();
  useDocumentTitle(t("companies.title"));
  const list = useListQuery(companiesPath, companyListUrl);
  const { resource, reload } = useResource(() => companiesApi.list(list.query), list.search);

  return (
    <section aria-labelledby="companies-title">
      <ListHeader
        id="companies-title"
        title={t("companies.title")}
        subtitle={t("companies.subtitle")}
        actions={
          <>
            <ExportButton
              name="companies"
              fetchPage={(page, pageSize) => companiesApi.list({ ...list.query, page, pageSize })}
              columns={csvColumns}
            />
            <Link href={`${companiesPath}/create`} className={buttonClass()}>
              {t("companies.create")}
            </Link>
          </>
        }
      />
      <ListToolbar
        id="company-search"
        label="companies.search"
        placeholder="companies.searchPlaceholder"
        list={list}
      />
      <ListTable
        list={list}
        resource={resource}
        texts={{
          loading: "companies.loading",
          error: "companies.error",
          retry: "list.retry",
          empty: "companies.empty",
          emptyHint: "companies.emptyHint",
          count: "companies.count",
        }}
        onRetry={reload}
        head={
          <>
            <SortHeader field="name" label="companies.column.name" {...list.sortProps} />
            <th scope="col">{t("companies.column.website")}</th>
            <SortHeader field="jobs" label="companies.column.jobs" numeric {...list.sortProps} />
            <SortHeader field="createdAt" label="companies.column.created" {...list.sortProps} />
          </>
        }
      >
        {(data) =>
          data.items.map((company) => (
            <tr key={company.id} data-testid="company-row">
              <td className="fluid-cell primary-cell">
                <Link href={companyHref(company.id)} className="table-link clip" title={company.name}>
                  {company.name}
                </Link>
              </td>
              <td
                className={company.website ? "fluid-cell" : "fluid-cell subtle-cell"}
                data-label={t("companies.column.website")}
              >
                {company.website ? <ClipText text={company.website} /> : t("field.notSet")}
              </td>
              <td className="numeric" data-label={t("companies.column.jobs")}>
                <Link
                  href={`/dashboard/jobs?companyId=${encodeURIComponent(company.id)}`}
                  className="table-link"
                >
                  {formatNumber(company.jobCount)}
                </Link>
              </td>
              <td title={format.dateTime(company.createdAt)} data-label={t("companies.column.created")}>
                {format.ago(company.createdAt)}
              </td>
            </tr>
          ))
        }
      </ListTable>
    </section>
  );
}
