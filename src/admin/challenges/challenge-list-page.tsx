import { Link } from "wouter";
import type { ChallengeListItem } from "../../shared/challenges-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ExportButton } from "../shell/list/list-export.tsx";
import { type ListColumn, ListPageView, listTexts } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { ChallengeFilters } from "./challenge-filters.tsx";
import { ChallengeStatusBadge } from "./challenge-labels.tsx";
import { challengeListUrl } from "./challenge-list-query.ts";
import { categoriesPath, categoryChallengesHref, challengeHref, challengesPath } from "./challenge-paths.ts";
import { challengesApi } from "./challenges-api.ts";
import "./challenges.css";

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
    {
      label: "challenges.column.title",
      sort: "title",
      primary: true,
      className: "fluid-cell fluid-60 primary-cell",
      cell: (challenge) => (
        <Link href={challengeHref(challenge.id)} className="table-link clip" title={challenge.title}>
          {challenge.title}
        </Link>
      ),
    },
    {
      label: "challenges.column.category",
      className: "fluid-cell fluid-25",
      cell: (challenge) =>
        challenge.category ? (
          <Link
            href={categoryChallengesHref(challenge.category.id)}
            className="table-link clip"
            title={challenge.category.title}
          >
            {challenge.category.title}
          </Link>
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
          <Link
            href={`/dashboard/users/${encodeURIComponent(challenge.creator.id)}`}
            className="table-link clip"
            title={challenge.creator.name}
          >
            {challenge.creator.name}
          </Link>
        ) : (
          t("challenge.noCreator")
        ),
    },
    {
      label: "challenges.column.created",
      sort: "createdAt",
      date: (challenge) => challenge.createdAt,
    },
  ];

  return (
    <ListPageView
      heading={{
        id: "challenges-title",
        title: t("challenges.title"),
        subtitle: t("challenges.subtitle"),
        actions: (
          <>
            <ExportButton name="challenges" fetchPage={list.fetchPage} columns={csvColumns} />
            <Link href={categoriesPath} className={buttonClass({ variant: "secondary" })}>
              {t("challenges.categoriesLink")}
            </Link>
            <Link href={`${challengesPath}/create`} className={buttonClass()}>
              {t("challenges.create")}
            </Link>
          </>
        ),
      }}
      list={list}
      resource={list.resource}
      search={{
        id: "challenge-search",
        label: "challenges.search",
        placeholder: "challenges.searchPlaceholder",
      }}
      filters={<ChallengeFilters query={list.query} onChange={list.change} onReset={list.reset} />}
      texts={listTexts("challenges")}
      columns={columns}
      rowProps={() => ({ "data-testid": "challenge-row" })}
    />
  );
}
