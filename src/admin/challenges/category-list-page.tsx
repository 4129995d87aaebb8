import { Link } from "wouter";
import type { ChallengeCategory } from "../../shared/challenges-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipText } from "../shell/list/list-clip.tsx";
import { ExportButton } from "../shell/list/list-export.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { categoryListUrl, pageAfterDelete } from "./category-list-query.ts";
import {
  categoriesPath,
  categoryChallengesHref,
  categoryEditHref,
  challengesPath,
} from "./challenge-paths.ts";
import { categoriesApi } from "./challenges-api.ts";
import { confirmDeleteCategory } from "./delete-category.ts";
import "./challenges.css";

function CategoryRow({ category, onDelete }: { category: ChallengeCategory; onDelete: () => void }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <tr data-testid="category-row">
      <td className="fluid-cell fluid-40 primary-cell">
        <Link href={categoryEditHref(category.id)} className="table-link clip" title={category.title}>
          {category.title}
        </Link>
      </td>
      <td
        className={category.information ? "fluid-cell fluid-60" : "fluid-cell fluid-60 subtle-cell"}
        data-label={t("categories.column.information")}
      >
        {category.information ? <ClipText text={category.information} /> : t("categories.noInformation")}
      </td>
      <td className="numeric" data-label={t("categories.column.challenges")}>
        <Link href={categoryChallengesHref(category.id)} className="table-link">
          {formatNumber(category.challengeCount)}
        </Link>
      </td>
      <td title={format.dateTime(category.createdAt)} data-label={t("categories.column.created")}>
        {format.ago(category.createdAt)}
      </td>
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

/** The CSV file's columns: dates in ISO 8601. */
const csvColumns = (tr: Translator): CsvColumn<ChallengeCategory>[] => [
  { header: tr.t("categories.column.title"), value: (category) => category.title },
  { header: tr.t("categories.column.information"), value: (category) => category.information },
  { header: tr.t("categories.column.challenges"), value: (category) => category.challengeCount },
  { header: tr.t("categories.column.created"), value: (category) => category.createdAt },
];

/** `/dashboard/challenge-categories` (spec §2 Challenge categories): search, sort, pages; edit and delete. */
export default function CategoryListPage() {
  const tr = useT();
  const { t } = tr;
  useDocumentTitle(t("categories.title"));
  const list = useListQuery(categoriesPath, categoryListUrl);
  const { query, setQuery } = list;
  const { resource, reload, refresh } = useResource(() => categoriesApi.list(query), list.search);

  const remove = (category: ChallengeCategory, rowsOnPage: number) =>
    confirmDeleteCategory(tr, category, () => {
      const page = pageAfterDelete(query, rowsOnPage);
      if (page === query.page) refresh();
      else setQuery({ ...query, page }, true);
    });

  return (
    <section aria-labelledby="categories-title">
      <ListHeader
        id="categories-title"
        title={t("categories.title")}
        subtitle={t("categories.subtitle")}
        actions={
          <>
            <ExportButton
              name="challenge-categories"
              fetchPage={(page, pageSize) => categoriesApi.list({ ...query, page, pageSize })}
              columns={csvColumns}
            />
            <Link href={challengesPath} className={buttonClass({ variant: "secondary" })}>
              {t("categories.challengesLink")}
            </Link>
            <Link href={`${categoriesPath}/create`} className={buttonClass()}>
              {t("categories.create")}
            </Link>
          </>
        }
      />
      <ListToolbar
        id="category-search"
        label="categories.search"
        placeholder="categories.searchPlaceholder"
        list={list}
      />
      <ListTable
        list={list}
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
        head={
          <>
            <SortHeader field="title" label="categories.column.title" {...list.sortProps} />
            <th scope="col">{t("categories.column.information")}</th>
            <SortHeader field="challenges" label="categories.column.challenges" numeric {...list.sortProps} />
            <SortHeader field="createdAt" label="categories.column.created" {...list.sortProps} />
            <th scope="col" className="row-actions">
              <span className="visually-hidden">{t("categories.column.actions")}</span>
            </th>
          </>
        }
      >
        {(data) =>
          data.items.map((category) => (
            <CategoryRow
              key={category.id}
              category={category}
              onDelete={() => remove(category, data.items.length)}
            />
          ))
        }
      </ListTable>
    </section>
  );
}
