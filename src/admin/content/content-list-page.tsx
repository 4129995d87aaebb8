import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ChoiceFilter, ListFilters } from "../shell/list/list-filters.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { listContent } from "./content-actions.ts";
import { ContentBulkBar } from "./content-bulk-bar.tsx";
import { ContentKindTabs } from "./content-kind-tabs.tsx";
import { type ContentKind, isContentKind } from "./content-kinds.ts";
import { contentListUrl, contentStatuses } from "./content-list-query.ts";
import { ContentNotFound } from "./content-not-found.tsx";
import { contentCreateHref, contentEditHref, contentListPath, surveyResultsHref } from "./content-paths.ts";
import type { ContentRow } from "./content-row.ts";
import { ContentStatusBadge } from "./content-status-badge.tsx";
import { rememberProject } from "./last-project.ts";

function Row({
  projectId,
  kind,
  row,
  selected,
  onSelect,
}: {
  projectId: string;
  kind: ContentKind;
  row: ContentRow;
  selected: boolean;
  onSelect: (id: string, on: boolean) => void;
}) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <tr aria-selected={selected} data-testid="content-row">
      <td className="select-cell">
        <input
          type="checkbox"
          checked={selected}
          aria-label={t("content.select", { name: row.name })}
          onChange={(event) => onSelect(row.id, event.target.checked)}
        />
      </td>
      <td className="fluid-cell fluid-40 primary-cell">
        <Link href={contentEditHref(projectId, kind, row.id)} className="table-link clip" title={row.name}>
          {row.name}
        </Link>
      </td>
      <td data-label={t("content.column.status")}>
        <ContentStatusBadge status={row.status} />
      </td>
      {kind === "surveys" ? (
        <td data-label={t("content.column.responses")}>
          <Link
            href={surveyResultsHref(projectId, row.id)}
            className="table-link"
            aria-label={t("content.survey.responses", { count: row.responses ?? 0 })}
          >
            {formatNumber(row.responses ?? 0)}
          </Link>
        </td>
      ) : kind === "news" ? null : (
        <td data-label={t("content.column.pages")} className="subtle-cell">
          {row.pages ? <code>{row.pages}</code> : t("content.everyPage")}
        </td>
      )}
      <td title={format.dateTime(row.changedAt)} data-label={t("content.column.changed")}>
        {format.ago(row.changedAt)}
      </td>
    </tr>
  );
}

/**
 * `/dashboard/content/{project}/{kind}`: one kind's content, its search, status filter and page in
 * the URL, with bulk publish, unpublish and delete.
 */
function ContentList({ projectId, kind }: { projectId: string; kind: ContentKind }) {
  const { t } = useT();
  const path = contentListPath(projectId, kind);
  const list = useListQuery(path, contentListUrl);
  const { resource, reload } = useResource(
    () => listContent(projectId, kind, list.query),
    `${path}${list.search}`,
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // Another page, filter or kind shows other rows: the selection would act on unseen ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list's address changes.
  useEffect(() => setSelected(new Set()), [path, list.search]);

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const rows = resource.state === "ready" ? resource.data.items : [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  return (
    <>
      <ListToolbar
        id="content-search"
        label="content.search"
        placeholder="content.searchPlaceholder"
        list={list}
      >
        <ListFilters
          active={list.query.q !== "" || list.query.status !== null}
          onReset={() => list.setQuery(contentListUrl.defaults)}
        >
          <ChoiceFilter
            name="status"
            label="content.filter.status"
            value={list.query.status}
            values={contentStatuses}
            optionLabel={(status) => `content.status.${status}`}
            onChange={(status) => list.change({ status })}
          />
        </ListFilters>
      </ListToolbar>
      <ContentBulkBar
        projectId={projectId}
        kind={kind}
        ids={[...selected]}
        onClear={() => setSelected(new Set())}
        onDone={() => {
          setSelected(new Set());
          reload();
        }}
      />
      <ListTable
        list={list}
        resource={resource}
        texts={{
          loading: "content.listLoading",
          error: "content.listError",
          retry: "list.retry",
          empty: "content.empty",
          emptyHint: "content.emptyHint",
          count: "content.count",
        }}
        onRetry={reload}
        className="content-table"
        head={
          <>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                checked={allSelected}
                aria-label={t("content.column.selectAll")}
                onChange={(event) =>
                  setSelected(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())
                }
              />
            </th>
            <th scope="col">{t("content.column.name")}</th>
            <th scope="col">{t("content.column.status")}</th>
            {kind === "surveys" ? (
              <th scope="col">{t("content.column.responses")}</th>
            ) : kind === "news" ? null : (
              <th scope="col">{t("content.column.pages")}</th>
            )}
            <th scope="col">{t("content.column.changed")}</th>
          </>
        }
      >
        {(data) =>
          data.items.map((row) => (
            <Row
              key={row.id}
              projectId={projectId}
              kind={kind}
              row={row}
              selected={selected.has(row.id)}
              onSelect={select}
            />
          ))
        }
      </ListTable>
    </>
  );
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
