import { useCallback, useMemo } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListStatus } from "../shell/list-status.tsx";
import { changeListQuery, listPageSizes, toggleListSort } from "../shell/list-url.ts";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { companiesApi } from "./companies-api.ts";
import {
  type CompanyListQuery,
  type CompanySortField,
  companyListSearch,
  parseCompanyListQuery,
} from "./company-list-query.ts";

export const companiesPath = "/dashboard/companies";
export const companyHref = (id: string) => `${companiesPath}/${encodeURIComponent(id)}`;

/** `/dashboard/companies`: search, sorting (name, jobs, created) and pages, kept in the URL. */
export default function CompanyListPage() {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseCompanyListQuery(search), [search]);
  const setQuery = useCallback(
    (next: CompanyListQuery, replace = false) =>
      navigate(`${companiesPath}${companyListSearch(next)}`, { replace }),
    [navigate],
  );
  const { resource, reload } = useResource(() => companiesApi.list(query), companyListSearch(query));
  const change = (next: Partial<CompanyListQuery>) => setQuery(changeListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const sortProps = {
    sort: query.sort,
    onSort: (field: CompanySortField) => setQuery(toggleListSort(query, field)),
  };

  return (
    <section aria-labelledby="companies-title">
      <header className="page-header page-header-actions">
        <div>
          <h1 id="companies-title">{t("companies.title")}</h1>
          <p className="subtle">{t("companies.subtitle")}</p>
        </div>
        <div className="page-actions">
          <Link href={`${companiesPath}/create`} className={buttonClass()}>
            {t("companies.create")}
          </Link>
        </div>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="company-search"
          label="companies.search"
          placeholder="companies.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
      </div>
      <ListStatus
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
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <SortHeader field="name" label="companies.column.name" {...sortProps} />
                    <th scope="col">{t("companies.column.website")}</th>
                    <SortHeader field="jobs" label="companies.column.jobs" numeric {...sortProps} />
                    <SortHeader field="createdAt" label="companies.column.created" {...sortProps} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((company) => (
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
