import { useEffect } from "react";
import { useParams } from "wouter";
import { type AdminFeatureRequest, featureRequestStatuses } from "../../shared/feature-requests-api.ts";
import { rememberProject } from "../content/last-project.ts";
import { useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ClipLink } from "../shell/list/list-clip.tsx";
import { choice, type DeclaredFilter } from "../shell/list/list-filters.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage, useRowSelection } from "../shell/list/use-list-page.ts";
import { featureRequestCsvColumns } from "./feature-request-csv.ts";
import {
  type FeatureRequestListQuery,
  featureRequestListUrl,
  featureRequestVisibilities,
} from "./feature-request-list-query.ts";
import { FeatureRequestMergeBar } from "./feature-request-merge-bar.tsx";
import { featureRequestBoardPath, featureRequestEditHref } from "./feature-request-paths.ts";
import { FeatureRequestProjectPicker } from "./feature-request-project-picker.tsx";
import { FeatureRequestRowActions, FeatureRequestStatusSelect } from "./feature-request-row-actions.tsx";
import { featureRequestsApi } from "./feature-requests-api.ts";
import "./feature-request-styles.ts";

const filters: readonly DeclaredFilter<FeatureRequestListQuery>[] = [
  choice(
    "status",
    "featureRequests.filter.status",
    featureRequestStatuses,
    (status) => `featureRequests.status.${status}`,
  ),
  choice(
    "visibility",
    "featureRequests.filter.visibility",
    featureRequestVisibilities,
    (visibility) => `featureRequests.visibility.${visibility}`,
  ),
];

/** Under the title: whether visitors see it yet, or at all. */
function RequestFlags({ request }: { request: AdminFeatureRequest }) {
  const { t } = useT();
  if (request.approved && !request.hidden) return null;
  return (
    <span className="feature-request-flags">
      {!request.approved && <span className="badge badge-warning">{t("featureRequests.pending")}</span>}
      {request.hidden && <span className="badge badge-muted">{t("featureRequests.hiddenBadge")}</span>}
    </span>
  );
}

/** The board's columns: title (with its flags), votes, the status changed in place, created, actions. */
function boardColumns(
  projectId: string,
  changed: () => void,
): ListColumn<AdminFeatureRequest, FeatureRequestListQuery["sort"]["field"]>[] {
  return [
    {
      label: "featureRequests.column.title",
      sort: "title",
      primary: true,
      className: "fluid-cell primary-cell",
      cell: (request) => (
        <>
          <ClipLink href={featureRequestEditHref(projectId, request.id)} text={request.title} />
          <RequestFlags request={request} />
        </>
      ),
    },
    {
      label: "featureRequests.column.votes",
      sort: "votes",
      numeric: true,
      testId: "feature-request-votes",
      cell: (request) => request.votes,
    },
    {
      label: "featureRequests.column.status",
      sort: "status",
      cell: (request) => (
        <FeatureRequestStatusSelect projectId={projectId} request={request} onChanged={changed} />
      ),
    },
    { label: "featureRequests.column.created", sort: "createdAt", date: (request) => request.createdAt },
    {
      label: "featureRequests.column.actions",
      actions: true,
      cell: (request) => (
        <FeatureRequestRowActions projectId={projectId} request={request} onChanged={changed} />
      ),
    },
  ];
}

/**
 * `/dashboard/feature-requests/{project}`: the project's feature-request board. Most votes first (or
 * newest, by title or status), filtered by status and visibility; each row's status is changed in
 * place and is what visitors see; rows are hidden, approved, edited, or ticked and merged; the CSV
 * export takes every row the search and filters match.
 */
export default function FeatureRequestBoardPage() {
  const { t } = useT();
  const { projectId = "" } = useParams<{ projectId: string }>();
  useDocumentTitle(t("featureRequests.title"));
  useEffect(() => rememberProject(projectId), [projectId]);
  const list = useListPage({
    path: featureRequestBoardPath(projectId),
    url: featureRequestListUrl,
    load: (query) => featureRequestsApi.list(projectId, query),
    key: (search) => `${projectId}${search}`,
  });
  const selection = useRowSelection(`${projectId}${list.search}`);
  const rows = list.resource.state === "ready" ? list.resource.data.items : [];
  const changed = () => list.refresh();

  const columns = boardColumns(projectId, changed);

  return (
    <ListPageView
      names={{ messages: "featureRequests", item: "feature-request" }}
      actions={{
        exportCsv: { name: "feature-requests", fetchPage: list.fetchPage, columns: featureRequestCsvColumns },
      }}
      before={<FeatureRequestProjectPicker projectId={projectId} />}
      list={list}
      resource={list.resource}
      filters={filters}
      filterTexts={{ legend: "featureRequests.filters", reset: "featureRequests.filter.reset" }}
      above={
        <FeatureRequestMergeBar
          projectId={projectId}
          selected={rows.filter((row) => selection.selected.has(row.id))}
          onClear={selection.clear}
          onDone={() => {
            selection.clear();
            list.refresh();
          }}
        />
      }
      className="feature-request-board"
      columns={columns}
      select={{
        selection,
        allLabel: "featureRequests.column.selectAll",
        rowLabel: (request) => t("featureRequests.column.select", { title: request.title }),
      }}
    />
  );
}
