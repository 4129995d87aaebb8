import { Link } from "wouter";
import type { ChallengeCategory } from "../../shared/challenges-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { EditDeleteActions } from "../shell/list/edit-delete-actions.tsx";
import { ClipText, linkColumn } from "../shell/list/list-clip.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { type CategoryListQuery, categoryListUrl, pageAfterDelete } from "./category-list-query.ts";
import {
  categoriesPath,
  categoryChallengesHref,
  categoryEditHref,
  challengesPath,
} from "./challenge-paths.ts";
import { categoriesApi } from "./challenges-api.ts";
import { confirmDeleteCategory } from "./delete-category.ts";
import "./challenge-styles.ts";

/** The CSV file's columns: dates in ISO 8601. */
const csvColumns = (tr: Translator): CsvColumn<ChallengeCategory>[] => [
  { header: tr.t("categories.column.title"), value: (category) => category.title },
  { header: tr.t("categories.column.information"), value: (category) => category.information },
  { header: tr.t("categories.column.challenges"), value: (category) => category.challengeCount },
  { header: tr.t("categories.column.created"), value: (category) => category.createdAt },
];

const categoryColumns = (
  { t, formatNumber }: Translator,
  remove: (category: ChallengeCategory) => void,
): ListColumn<ChallengeCategory, CategoryListQuery["sort"]["field"]>[] => [
  linkColumn(
    "categories.column.title",
    (category) => categoryEditHref(category.id),
    (category) => category.title,
    { sort: "title", width: 40 },
  ),
  {
    label: "categories.column.information",
    className: (category) =>
      category.information ? "fluid-cell fluid-60" : "fluid-cell fluid-60 subtle-cell",
    cell: (category) =>
      category.information ? <ClipText text={category.information} /> : t("categories.noInformation"),
  },
  {
    label: "categories.column.challenges",
    sort: "challenges",
    numeric: true,
    cell: (category) => (
      <Link href={categoryChallengesHref(category.id)} className="table-link">
        {formatNumber(category.challengeCount)}
      </Link>
    ),
  },
  { label: "categories.column.created", sort: "createdAt", date: (category) => category.createdAt },
  {
    label: "categories.column.actions",
    actions: true,
    cell: (category) => (
      <EditDeleteActions
        messages="category"
        named={{ title: category.title }}
        className="page-actions"
        editHref={categoryEditHref(category.id)}
        editVariant="tertiary"
        onDelete={() => remove(category)}
      />
    ),
  },
];

/** `/dashboard/challenge-categories` (spec §2 Challenge categories): search, sort, pages; edit and delete. */
export default function CategoryListPage() {
  const tr = useT();
  useDocumentTitle(tr.t("categories.title"));
  const list = useListPage({ path: categoriesPath, url: categoryListUrl, load: categoriesApi.list });
  const { query, setQuery, resource } = list;

  const remove = (category: ChallengeCategory) =>
    confirmDeleteCategory(tr, category, () => {
      const rowsOnPage = resource.state === "ready" ? resource.data.items.length : 0;
      const page = pageAfterDelete(query, rowsOnPage);
      if (page === query.page) list.refresh();
      else setQuery({ ...query, page }, true);
    });

  return (
    <ListPageView
      names={{ messages: "categories", item: "category" }}
      actions={{
        exportCsv: { name: "challenge-categories", fetchPage: list.fetchPage, columns: csvColumns },
        links: [{ href: challengesPath, label: "categories.challengesLink" }],
        create: { href: `${categoriesPath}/create`, label: "categories.create" },
      }}
      list={list}
      resource={resource}
      columns={categoryColumns(tr, remove)}
    />
  );
}
