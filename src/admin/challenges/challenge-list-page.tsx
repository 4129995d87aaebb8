import type { ChallengeListItem } from "../../shared/challenges-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipLink, linkColumn } from "../shell/list/list-clip.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { challengeFilters } from "./challenge-filters.tsx";
import { ChallengeStatusBadge } from "./challenge-labels.tsx";
import { challengeListUrl } from "./challenge-list-query.ts";
import { categoriesPath, categoryChallengesHref, challengeHref, challengesPath } from "./challenge-paths.ts";
import { challengesApi } from "./challenges-api.ts";
import "./challenge-styles.ts";

/** The CSV file's columns: dates in ISO 8601. */
const csvColumns = (tr: Translator): CsvColumn<ChallengeListItem>[] => [
  { header: tr.t("challenge.field.title"), value: (challenge) => challenge.title },
  { header: tr.t("challenge.field.category"), value: (challenge) => challenge.category?.title },
  {
    header: tr.t("challenge.field.difficulty"),
    value: (challenge) => tr.t(`challenge.difficulty.${challenge.difficulty}`),
  },
  {
    header: tr.t("challenge.field.status"),
    value: (challenge) => tr.t(`challenge.status.${challenge.status}`),
  },
  { header: tr.t("challenge.field.taskCount"), value: (challenge) => challenge.taskCount },
  { header: tr.t("challenge.field.creator"), value: (challenge) => challenge.creator?.name },
  { header: tr.t("challenge.field.createdAt"), value: (challenge) => challenge.createdAt },
  { header: tr.t("challenge.field.updatedAt"), value: (challenge) => challenge.updatedAt },
];

/** `/dashboard/challenges` (spec §2 Challenge list): search, filters, sorting and pages, all in the URL. */
export default function ChallengeListPage() {
  const { t, formatNumber } = useT();
  useDocumentTitle(t("challenges.title"));
  const list = useListPage({ path: challengesPath, url: challengeListUrl, load: challengesApi.list });

  const columns: ListColumn<ChallengeListItem, typeof list.query.sort.field>[] = [
    linkColumn(
      "challenges.column.title",
      (challenge) => challengeHref(challenge.id),
      (challenge) => challenge.title,
      { sort: "title", width: 60 },
    ),
    {
      label: "challenges.column.category",
      className: "fluid-cell fluid-25",
      cell: (challenge) =>
        challenge.category ? (
          <ClipLink href={categoryChallengesHref(challenge.category.id)} text={challenge.category.title} />
        ) : (
          <span className="subtle-cell">{t("challenge.noCategory")}</span>
        ),
    },
    {
      label: "challenges.column.difficulty",
      sort: "difficulty",
      cell: (challenge) => t(`challenge.difficulty.${challenge.difficulty}`),
    },
    {
      label: "challenges.column.status",
      cell: (challenge) => <ChallengeStatusBadge status={challenge.status} />,
    },
    {
      label: "challenges.column.tasks",
      sort: "tasks",
      numeric: true,
      cell: (challenge) => formatNumber(challenge.taskCount),
    },
    {
      label: "challenges.column.creator",
      className: (challenge) =>
        challenge.creator ? "fluid-cell fluid-15" : "fluid-cell fluid-15 subtle-cell",
      cell: (challenge) =>
        challenge.creator ? (
          <ClipLink
            href={`/dashboard/users/${encodeURIComponent(challenge.creator.id)}`}
            text={challenge.creator.name}
          />
        ) : (
          t("challenge.noCreator")
        ),
    },
    { label: "challenges.column.created", sort: "createdAt", date: (challenge) => challenge.createdAt },
  ];

  return (
    <ListPageView
      names={{ messages: "challenges", item: "challenge" }}
      actions={{
        exportCsv: { name: "challenges", fetchPage: list.fetchPage, columns: csvColumns },
        links: [{ href: categoriesPath, label: "challenges.categoriesLink" }],
        create: { href: `${challengesPath}/create`, label: "challenges.create" },
      }}
      list={list}
      resource={list.resource}
      filters={challengeFilters}
      columns={columns}
    />
  );
}
