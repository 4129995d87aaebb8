import { Link } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list-screen.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { useListQuery } from "../shell/use-list-query.ts";
import { companiesApi } from "./companies-api.ts";
import { companyListUrl } from "./company-list-query.ts";

export const companiesPath = "/dashboard/companies";
export const companyHref = (id: string) => `${companiesPath}/${encodeURIComponent(id)}`;

/** `/dashboard/companies`: search, sorting (name, jobs, created) and pages, kept in the URL. */
export default function CompanyListPage() {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const list = useListQuery(companiesPath, companyListUrl);
  const { resource, reload } = useResource(() => companiesApi.list(list.query), list.search);

  return (
    <section aria-labelledby="companies-title">
      <ListHeader
        id="companies-title"
        title={t("companies.title")}
        subtitle={t("companies.subtitle")}
        actions={
          <Link href={`${companiesPath}/create`} className={buttonClass()}>
            {t("companies.create")}
          </Link>
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
              <td>
                <Link href={companyHref(company.id)} className="table-link">
                  {company.name}
                </Link>
              </td>
              <td className={company.website ? "truncate-cell" : "subtle-cell"}>
                {company.website ?? t("field.notSet")}
              </td>
              <td className="numeric">
                <Link
                  href={`/dashboard/jobs?companyId=${encodeURIComponent(company.id)}`}
                  className="table-link"
                >
                  {formatNumber(company.jobCount)}
                </Link>
              </td>
              <td title={format.dateTime(company.createdAt)}>{format.ago(company.createdAt)}</td>
            </tr>
          ))
        }
      </ListTable>
    </section>
  );
}
