import { useCallback } from "react";
import { Link } from "wouter";
import type { ChallengeListItem } from "../../shared/challenges-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListStatus } from "../shell/list-status.tsx";
import { changeListQuery, listPageSizes, toggleListSort } from "../shell/list-url.ts";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { ChallengeFilters } from "./challenge-filters.tsx";
import { ChallengeStatusBadge } from "./challenge-labels.tsx";
import {
  type ChallengeListQuery,
  type ChallengeSortField,
  challengeListSearch,
  defaultChallengeListQuery,
  parseChallengeListQuery,
} from "./challenge-list-query.ts";
import { categoriesPath, categoryChallengesHref, challengeHref, challengesPath } from "./challenge-paths.ts";
import { categoriesApi, challengesApi } from "./challenges-api.ts";
import { useListQuery } from "./use-list-query.ts";
import "./challenges.css";

function ChallengeRow({ challenge }: { challenge: ChallengeListItem }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <tr data-testid="challenge-row">
      <td className="wrap-cell">
        <Link href={challengeHref(challenge.id)} className="table-link">
          {challenge.title}
        </Link>
      </td>
      <td className="wrap-cell">
        {challenge.category ? (
          <Link href={categoryChallengesHref(challenge.category.id)} className="table-link">
            {challenge.category.title}
          </Link>
        ) : (
          <span className="subtle-cell">{t("challenge.noCategory")}</span>
        )}
      </td>
      <td>{t(`challenge.difficulty.${challenge.difficulty}`)}</td>
      <td>
        <ChallengeStatusBadge status={challenge.status} />
      </td>
      <td className="numeric">{formatNumber(challenge.taskCount)}</td>
      <td className={challenge.creator ? "truncate-cell" : "subtle-cell"}>
        {challenge.creator ? (
          <Link href={`/dashboard/users/${encodeURIComponent(challenge.creator.id)}`} className="table-link">
            {challenge.creator.name}
          </Link>
        ) : (
          t("challenge.noCreator")
        )}
      </td>
      <td title={format.dateTime(challenge.createdAt)}>{format.ago(challenge.createdAt)}</td>
    </tr>
  );
}

/** `/dashboard/challenges` (spec §2 Challenge list): search, filters, sorting and pages, all in the URL. */
export default function ChallengeListPage() {
  const { t } = useT();
  const [query, setQuery] = useListQuery(challengesPath, parseChallengeListQuery, challengeListSearch);
  const { resource, reload } = useResource(() => challengesApi.list(query), challengeListSearch(query));
  const { resource: categories } = useResource(() => categoriesApi.choices(), "categories");

  const change = (next: Partial<ChallengeListQuery>) => setQuery(changeListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const sortProps = {
    sort: query.sort,
    onSort: (field: ChallengeSortField) => setQuery(toggleListSort(query, field)),
  };

  return (
    <section aria-labelledby="challenges-title">
      <header className="page-header page-header-actions">
        <div>
          <h1 id="challenges-title">{t("challenges.title")}</h1>
          <p className="subtle">{t("challenges.subtitle")}</p>
        </div>
        <div className="page-actions">
          <Link href={categoriesPath} className={buttonClass({ variant: "secondary" })}>
            {t("challenges.categoriesLink")}
          </Link>
          <Link href={`${challengesPath}/create`} className={buttonClass()}>
            {t("challenges.create")}
          </Link>
        </div>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="challenge-search"
          label="challenges.search"
          placeholder="challenges.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
        <ChallengeFilters
          query={query}
          categories={categories.state === "ready" ? categories.data.items : []}
          onChange={change}
          onReset={() => setQuery(defaultChallengeListQuery)}
        />
      </div>
      <ListStatus
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
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <SortHeader field="title" label="challenges.column.title" {...sortProps} />
                    <th scope="col">{t("challenges.column.category")}</th>
                    <SortHeader field="difficulty" label="challenges.column.difficulty" {...sortProps} />
                    <th scope="col">{t("challenges.column.status")}</th>
                    <SortHeader field="tasks" label="challenges.column.tasks" numeric {...sortProps} />
                    <th scope="col">{t("challenges.column.creator")}</th>
                    <SortHeader field="createdAt" label="challenges.column.created" {...sortProps} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((challenge) => (
                    <ChallengeRow key={challenge.id} challenge={challenge} />
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
