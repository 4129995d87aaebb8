import { useCallback } from "react";
import { Link } from "wouter";
import type { ChallengeCategory } from "../../shared/challenges-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { ListStatus } from "../shell/list-status.tsx";
import { changeListQuery, listPageSizes, toggleListSort } from "../shell/list-url.ts";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import {
  type CategoryListQuery,
  type CategorySortField,
  categoryListSearch,
  pageAfterDelete,
  parseCategoryListQuery,
} from "./category-list-query.ts";
import {
  categoriesPath,
  categoryChallengesHref,
  categoryEditHref,
  challengesPath,
} from "./challenge-paths.ts";
import { categoriesApi } from "./challenges-api.ts";
import { confirmDeleteCategory } from "./delete-category.ts";
import { useListQuery } from "./use-list-query.ts";
import "./challenges.css";

function CategoryRow({ category, onDelete }: { category: ChallengeCategory; onDelete: () => void }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <tr data-testid="category-row">
      <td>
        <Link href={categoryEditHref(category.id)} className="table-link">
          {category.title}
        </Link>
      </td>
      <td
        className={category.information ? "truncate-cell category-information" : "subtle-cell"}
        title={category.information || undefined}
      >
        {category.information || t("categories.noInformation")}
      </td>
      <td className="numeric">
        <Link href={categoryChallengesHref(category.id)} className="table-link">
          {formatNumber(category.challengeCount)}
        </Link>
      </td>
      <td title={format.dateTime(category.createdAt)}>{format.ago(category.createdAt)}</td>
      <td className="row-actions">
        <div className="page-actions">
          <Link
            href={categoryEditHref(category.id)}
            className={buttonClass({ variant: "tertiary", size: "sm" })}
            aria-label={t("category.action.editNamed", { title: category.title })}
          >
            {t("category.action.edit")}
          </Link>
          <Button
            variant="tertiary"
            size="sm"
            className="button-danger"
            aria-label={t("category.action.deleteNamed", { title: category.title })}
            onClick={onDelete}
          >
            {t("category.action.delete")}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** `/dashboard/challenge-categories` (spec §2 Challenge categories): search, sort, pages; edit and delete. */
export default function CategoryListPage() {
  const tr = useT();
  const { t } = tr;
  const [query, setQuery] = useListQuery(categoriesPath, parseCategoryListQuery, categoryListSearch);
  const { resource, reload, refresh } = useResource(
    () => categoriesApi.list(query),
    categoryListSearch(query),
  );

  const change = (next: Partial<CategoryListQuery>) => setQuery(changeListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const sortProps = {
    sort: query.sort,
    onSort: (field: CategorySortField) => setQuery(toggleListSort(query, field)),
  };
  const remove = (category: ChallengeCategory, rowsOnPage: number) =>
    confirmDeleteCategory(tr, category, () => {
      const page = pageAfterDelete(query, rowsOnPage);
      if (page === query.page) refresh();
      else setQuery({ ...query, page }, true);
    });

  return (
    <section aria-labelledby="categories-title">
      <header className="page-header page-header-actions">
        <div>
          <h1 id="categories-title">{t("categories.title")}</h1>
          <p className="subtle">{t("categories.subtitle")}</p>
        </div>
        <div className="page-actions">
          <Link href={challengesPath} className={buttonClass({ variant: "secondary" })}>
            {t("categories.challengesLink")}
          </Link>
          <Link href={`${categoriesPath}/create`} className={buttonClass()}>
            {t("categories.create")}
          </Link>
        </div>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="category-search"
          label="categories.search"
          placeholder="categories.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
      </div>
      <ListStatus
        resource={resource}
        texts={{
          loading: "categories.loading",
          error: "categories.error",
          retry: "list.retry",
          empty: "categories.empty",
          emptyHint: "categories.emptyHint",
          count: "categories.count",
        }}
        onRetry={reload}
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <SortHeader field="title" label="categories.column.title" {...sortProps} />
                    <th scope="col">{t("categories.column.information")}</th>
                    <SortHeader
                      field="challenges"
                      label="categories.column.challenges"
                      numeric
                      {...sortProps}
                    />
                    <SortHeader field="createdAt" label="categories.column.created" {...sortProps} />
                    <th scope="col" className="row-actions">
                      <span className="visually-hidden">{t("categories.column.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((category) => (
                    <CategoryRow
                      key={category.id}
                      category={category}
                      onDelete={() => remove(category, data.items.length)}
                    />
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
