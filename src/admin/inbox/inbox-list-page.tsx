import { type RefObject, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { InboxReport } from "../../shared/inbox-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { sessionState } from "../session/session-store.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListHeader, ListPagination, ListToolbar } from "../shell/list/list-screen.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import type { ListPage } from "../users/users-api.ts";
import { adoptStyles } from "./area-styles.ts";
import inboxCss from "./inbox.css" with { type: "text" };
import { inboxApi } from "./inbox-api.ts";
import { InboxBulkBar } from "./inbox-bulk-bar.tsx";
import { InboxFilters } from "./inbox-filters.tsx";
import { inboxListUrl } from "./inbox-list-query.ts";
import { withArrival, withUpdate } from "./inbox-live.ts";
import { inboxPath } from "./inbox-paths.ts";
import { InboxRow } from "./inbox-row.tsx";

adoptStyles(inboxCss);

/** How long a report that just arrived stays highlighted. */
const freshMs = 6000;

/**
 * `/dashboard/inbox`: the feedback reports of every widget project, with search, filters, sort and
 * page in the URL, a bulk status change, this admin's unread marker, and new reports arriving live
 * over the staff socket (on top of the first page of the newest-first order, when they fit the filters).
 */
export default function InboxListPage() {
  const { t } = useT();
  useDocumentTitle(t("inbox.title"));
  const { user } = useSnapshot(sessionState);
  const list = useListQuery(inboxPath, inboxListUrl);
  const { resource, reload, refresh, replace } = useResource(() => inboxApi.list(list.query), list.search);
  const projects = useResource(() => inboxApi.projects(), "projects");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  // The bulk bar goes when the selection does: the focus moves to the select-all box (the next control),
  // or to the heading once the status change has left no row to select.
  const selectAll = useRef<HTMLInputElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || resource.state === "loading") return;
    setRefocus(false);
    (selectAll.current ?? document.getElementById("inbox-title"))?.focus();
  }, [refocus, resource]);

  // A new search, filter, sort or page shows other reports: the selection would act on unseen rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list's query changes.
  useEffect(() => setSelected(new Set()), [list.search]);

  // Pushes can come faster than renders: each one builds on the page the last one made.
  const shown = useRef(resource);
  shown.current = resource;
  const show = (data: ListPage<InboxReport>) => {
    shown.current = { state: "ready", data };
    replace(data);
  };

  useStaffPush(
    (push) => {
      const current = shown.current;
      if (current.state !== "ready") return;
      if (push.name === "report-created") {
        const next = withArrival(current.data, push.data, list.query);
        if (!next) return;
        show(next);
        setFresh((current) => new Set(current).add(push.data.id));
        setTimeout(
          () =>
            setFresh((current) => {
              const rest = new Set(current);
              rest.delete(push.data.id);
              return rest;
            }),
          freshMs,
        );
        setAnnouncement(t("inbox.arrived", { id: push.data.shortId }));
      } else if (push.name === "report-updated") {
        show(withUpdate(current.data, push.data));
      }
    },
    // Back after a drop: whatever arrived meanwhile was not pushed to this tab.
    refresh,
  );

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="inbox-title" className="inbox">
      <ListHeader id="inbox-title" title={t("inbox.title")} subtitle={t("inbox.subtitle")} />
      <ListToolbar id="inbox-search" label="inbox.search" placeholder="inbox.searchPlaceholder" list={list}>
        <InboxFilters
          query={list.query}
          projects={projects.resource.state === "ready" ? projects.resource.data.items : []}
          myId={user?.id ?? null}
          onChange={list.change}
          onReset={() => list.setQuery(inboxListUrl.defaults)}
        />
      </ListToolbar>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <InboxBulkBar
        ids={[...selected]}
        onClear={() => {
          setSelected(new Set());
          selectAll.current?.focus();
        }}
        onDone={() => {
          setSelected(new Set());
          setRefocus(true);
          reload();
        }}
      />
      <ListStatus
        resource={resource}
        texts={{
          loading: "inbox.loading",
          error: "inbox.error",
          retry: "list.retry",
          empty: "inbox.empty",
          emptyHint: "inbox.emptyHint",
          count: "inbox.count",
        }}
        onRetry={reload}
      >
        {(data) => (
          <>
            <InboxTable
              reports={data.items}
              list={list}
              selectAllRef={selectAll}
              selected={selected}
              fresh={fresh}
              onSelect={select}
              onSelectAll={(on) =>
                setSelected(on ? new Set(data.items.map((report) => report.id)) : new Set())
              }
            />
            <ListPagination list={list} total={data.total} />
          </>
        )}
      </ListStatus>
    </section>
  );
}

function InboxTable({
  reports,
  list,
  selectAllRef,
  selected,
  fresh,
  onSelect,
  onSelectAll,
}: {
  reports: InboxReport[];
  list: ReturnType<typeof useListQuery<typeof inboxListUrl.defaults>>;
  selectAllRef: RefObject<HTMLInputElement | null>;
  selected: ReadonlySet<string>;
  fresh: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
}) {
  const { t } = useT();
  const allSelected = reports.length > 0 && reports.every((report) => selected.has(report.id));
  return (
    <div className="table-wrap">
      <table className="data-table inbox-table">
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                ref={selectAllRef}
                type="checkbox"
                checked={allSelected}
                aria-label={t("inbox.selectAll")}
                onChange={(event) => onSelectAll(event.target.checked)}
              />
            </th>
            <th scope="col">{t("inbox.column.report")}</th>
            <th scope="col">{t("inbox.column.type")}</th>
            <SortHeader field="status" label="inbox.column.status" {...list.sortProps} />
            <SortHeader field="priority" label="inbox.column.priority" {...list.sortProps} />
            <th scope="col">{t("inbox.column.reporter")}</th>
            <th scope="col">{t("inbox.column.page")}</th>
            <SortHeader field="createdAt" label="inbox.column.age" {...list.sortProps} />
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => (
            <InboxRow
              key={report.id}
              report={report}
              selected={selected.has(report.id)}
              fresh={fresh.has(report.id)}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
