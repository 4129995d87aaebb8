import { Link } from "wouter";
import type { ChallengeListItem } from "../../shared/challenges-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ExportButton } from "../shell/list/list-export.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { ChallengeFilters } from "./challenge-filters.tsx";
import { ChallengeStatusBadge } from "./challenge-labels.tsx";
import { challengeListUrl } from "./challenge-list-query.ts";
import { categoriesPath, categoryChallengesHref, challengeHref, challengesPath } from "./challenge-paths.ts";
import { challengesApi } from "./challenges-api.ts";
import "./challenges.css";

function ChallengeRow({ challenge }: { challenge: ChallengeListItem }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <tr data-testid="challenge-row">
      <td className="fluid-cell fluid-60 primary-cell">
        <Link href={challengeHref(challenge.id)} className="table-link clip" title={challenge.title}>
          {challenge.title}
        </Link>
      </td>
      <td className="fluid-cell fluid-25" data-label={t("challenges.column.category")}>
        {challenge.category ? (
          <Link
            href={categoryChallengesHref(challenge.category.id)}
            className="table-link clip"
            title={challenge.category.title}
          >
            {challenge.category.title}
          </Link>
        ) : (
          <span className="subtle-cell">{t("challenge.noCategory")}</span>
        )}
      </td>
      <td data-label={t("challenges.column.difficulty")}>
        {t(`challenge.difficulty.${challenge.difficulty}`)}
      </td>
      <td data-label={t("challenges.column.status")}>
        <ChallengeStatusBadge status={challenge.status} />
      </td>
      <td className="numeric" data-label={t("challenges.column.tasks")}>
        {formatNumber(challenge.taskCount)}
      </td>
      <td
        className={challenge.creator ? "fluid-cell fluid-15" : "fluid-cell fluid-15 subtle-cell"}
        data-label={t("challenges.column.creator")}
      >
        {challenge.creator ? (
          <Link
            href={`/dashboard/users/${encodeURIComponent(challenge.creator.id)}`}
            className="table-link clip"
            title={challenge.creator.name}
          >
            {challenge.creator.name}
          </Link>
        ) : (
          t("challenge.noCreator")
        )}
      </td>
      <td title={format.dateTime(challenge.createdAt)} data-label={t("challenges.column.created")}>
        {format.ago(challenge.createdAt)}
      </td>
    </tr>
  );
}

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
  const { t } = useT();
  useDocumentTitle(t("challenges.title"));
  const list = useListQuery(challengesPath, challengeListUrl);
  const { resource, reload } = useResource(() => challengesApi.list(list.query), list.search);

  return (
    <section aria-labelledby="challenges-title">
      <ListHeader
        id="challenges-title"
        title={t("challenges.title")}
        subtitle={t("challenges.subtitle")}
        actions={
          <>
            <ExportButton
              name="challenges"
              fetchPage={(page, pageSize) => challengesApi.list({ ...list.query, page, pageSize })}
              columns={csvColumns}
            />
            <Link href={categoriesPath} className={buttonClass({ variant: "secondary" })}>
              {t("challenges.categoriesLink")}
            </Link>
            <Link href={`${challengesPath}/create`} className={buttonClass()}>
              {t("challenges.create")}
            </Link>
          </>
        }
      />
      <ListToolbar
        id="challenge-search"
        label="challenges.search"
        placeholder="challenges.searchPlaceholder"
        list={list}
      >
        <ChallengeFilters
          query={list.query}
          onChange={list.change}
          onReset={() => list.setQuery(challengeListUrl.defaults)}
        />
      </ListToolbar>
      <ListTable
        list={list}
        resource={resource}
        texts={{
          loading: "challenges.loading",
          error: "challenges.error",
          retry: "list.retry",
          empty: "challenges.empty",
          emptyHint: "challenges.emptyHint",
          count: "challenges.count",
        }}
        onRetry={reload}
        head={
          <>
            <SortHeader field="title" label="challenges.column.title" {...list.sortProps} />
            <th scope="col">{t("challenges.column.category")}</th>
            <SortHeader field="difficulty" label="challenges.column.difficulty" {...list.sortProps} />
            <th scope="col">{t("challenges.column.status")}</th>
            <SortHeader field="tasks" label="challenges.column.tasks" numeric {...list.sortProps} />
            <th scope="col">{t("challenges.column.creator")}</th>
            <SortHeader field="createdAt" label="challenges.column.created" {...list.sortProps} />
          </>
        }
      >
        {(data) => data.items.map((challenge) => <ChallengeRow key={challenge.id} challenge={challenge} />)}
      </ListTable>
    </section>
  );
}
