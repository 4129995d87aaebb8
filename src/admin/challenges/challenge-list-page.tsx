import { Link } from "wouter";
import type { ChallengeListItem } from "../../shared/challenges-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list-screen.tsx";
import { SortHeader } from "../shell/sort-header.tsx";
import { useListQuery } from "../shell/use-list-query.ts";
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
