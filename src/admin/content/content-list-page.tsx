import { useEffect, useMemo, useRef } from "react";
import { Link, useParams } from "wouter";
import { type Translator, useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { createThrottledCall } from "../realtime/throttled-call.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ClipLink } from "../shell/list/list-clip.tsx";
import { choice } from "../shell/list/list-filters.tsx";
import { ListBody, type ListColumn, ListHeader } from "../shell/list/list-page.tsx";
import { useListPage, useRowSelection } from "../shell/list/use-list-page.ts";
import { listContent } from "./content-actions.ts";
import { ContentBulkBar } from "./content-bulk-bar.tsx";
import { ContentKindTabs } from "./content-kind-tabs.tsx";
import { type ContentKind, isContentKind, outboundTypeOf } from "./content-kinds.ts";
import { contentListUrl, contentStatuses } from "./content-list-query.ts";
import { ContentNotFound } from "./content-not-found.tsx";
import { contentCreateHref, contentEditHref, contentListPath, surveyResultsHref } from "./content-paths.ts";
import type { ContentRow } from "./content-row.ts";
import { ContentStatusBadge } from "./content-status-badge.tsx";
import { rememberProject } from "./last-project.ts";

/** At most one quiet reload a second, however busy the project's content is. */
const liveGapMs = 1000;

/**
 * The Shown column follows the visitors' acknowledgements (the `outbound-stats` push): the
 * rows are asked for again, kept on screen meanwhile. Kinds without outbounds have no such column.
 */
function useLiveShownCounts(projectId: string, kind: ContentKind, refresh: () => void) {
  const latest = useRef(refresh);
  latest.current = refresh;
  const throttled = useMemo(() => createThrottledCall(() => latest.current(), liveGapMs), []);
  useEffect(() => () => throttled.cancel(), [throttled]);
  useStaffPush((push) => {
    if (push.name === "outbound-stats" && push.data.projectId === projectId && outboundTypeOf[kind])
      throttled.request();
  });
}

/**
 * `/dashboard/content/{project}/{kind}`: one kind's content, its search, status filter and page in
 * the URL, with bulk publish, unpublish and delete.
 */
function ContentList({ projectId, kind }: { projectId: string; kind: ContentKind }) {
  const { t, formatNumber } = useT();
  const path = contentListPath(projectId, kind);
  const list = useListPage({
    path,
    url: contentListUrl,
    load: (query) => listContent(projectId, kind, query),
    key: (search) => `${path}${search}`,
  });
  // Another page, filter or kind shows other rows: the selection would act on unseen ones.
  const selection = useRowSelection(`${path}${list.search}`);
  useLiveShownCounts(projectId, kind, list.refresh);

  const columns: ListColumn<ContentRow, typeof list.query.sort.field>[] = [
    {
      label: "content.column.name",
      primary: true,
      className: "fluid-cell fluid-40 primary-cell",
      cell: (row) => <ClipLink href={contentEditHref(projectId, kind, row.id)} text={row.name} />,
    },
    { label: "content.column.status", cell: (row) => <ContentStatusBadge status={row.status} /> },
    ...kindColumns(t, formatNumber, projectId, kind),
    { label: "content.column.changed", date: (row) => row.changedAt },
  ];

  return (
    <ListBody
      names={{ messages: "content", item: "content" }}
      list={list}
      resource={list.resource}
      filters={[
        choice("status", "content.filter.status", contentStatuses, (status) => `content.status.${status}`),
      ]}
      above={
        <ContentBulkBar
          projectId={projectId}
          kind={kind}
          ids={[...selection.selected]}
          onClear={selection.clear}
          onDone={() => {
            selection.clear();
            list.reload();
          }}
        />
      }
      texts={{ loading: "content.listLoading", error: "content.listError" }}
      className="content-table"
      columns={columns}
      select={{
        selection,
        allLabel: "content.column.selectAll",
        rowLabel: (row) => t("content.select", { name: row.name }),
      }}
    />
  );
}

/**
 * What a kind shows between status and date: a survey's responses, nothing for news, a tooltip's
 * pages, an outbound's pages and shown count.
 */
function kindColumns(
  t: Translator["t"],
  formatNumber: Translator["formatNumber"],
  projectId: string,
  kind: ContentKind,
): ListColumn<ContentRow, never>[] {
  if (kind === "news") return [];
  if (kind === "surveys") {
    return [
      {
        label: "content.column.responses",
        cell: (row) => (
          <Link
            href={surveyResultsHref(projectId, row.id)}
            className="table-link"
            aria-label={t("content.survey.responses", { count: row.responses ?? 0 })}
          >
            {formatNumber(row.responses ?? 0)}
          </Link>
        ),
      },
    ];
  }
  const pages: ListColumn<ContentRow, never> = {
    label: "content.column.pages",
    className: "subtle-cell",
    cell: (row) => (row.pages ? <code>{row.pages}</code> : t("content.everyPage")),
  };
  if (kind === "tooltips") return [pages];
  // Outbounds: the sessions whose widget reported it on screen (the stats on its page say more).
  return [
    pages,
    {
      label: "content.column.shown",
      numeric: true,
      testId: "content-shown",
      cell: (row) => formatNumber(row.shown ?? 0),
    },
  ];
}

function KindList({ projectId, kind }: { projectId: string; kind: ContentKind }) {
  const { t } = useT();
  useDocumentTitle(t(`content.kind.${kind}`), null);
  useEffect(() => rememberProject(projectId), [projectId]);
  return (
    <section aria-labelledby="content-list-title">
      <ListHeader
        id="content-list-title"
        title={t(`content.kind.${kind}`)}
        subtitle={t(`content.about.${kind}`)}
        actions={
          <Link href={contentCreateHref(projectId, kind)} className={buttonClass()}>
            {t("content.create")}
          </Link>
        }
      />
      <ContentKindTabs projectId={projectId} kind={kind} />
      {/* Keyed by kind and project: their lists share nothing, not even a selection. */}
      <ContentList key={`${projectId}/${kind}`} projectId={projectId} kind={kind} />
    </section>
  );
}

export default function ContentListPage() {
  const { projectId = "", kind } = useParams<{ projectId: string; kind: string }>();
  return isContentKind(kind) ? <KindList projectId={projectId} kind={kind} /> : <ContentNotFound />;
}
