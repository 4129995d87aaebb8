import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { InboxReport, ReportTriageState } from "../../shared/inbox-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { SearchedListPage } from "../../shared/search-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { SearchNote } from "../search/search-match.tsx";
import { sessionState } from "../session/session-store.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import splitRowCss from "../shell/layout/split-row.css" with { type: "text" };
import { ListPageView } from "../shell/list/list-page.tsx";
import { type ListPageController, useListPage, useRowSelection } from "../shell/list/use-list-page.ts";
import inboxCss from "./inbox.css" with { type: "text" };
import { inboxApi } from "./inbox-api.ts";
import { InboxBulkBar } from "./inbox-bulk-bar.tsx";
import { inboxColumns, inboxRowProps } from "./inbox-columns.tsx";
import { inboxFilters } from "./inbox-filters.tsx";
import { type InboxListQuery, inboxBulkFilter, inboxListUrl } from "./inbox-list-query.ts";
import { withArrival, withOwnChange, withRemoval, withUpdate } from "./inbox-live.ts";
import { inboxPath } from "./inbox-paths.ts";
import { ShortcutsButton, ShortcutsDialog } from "./inbox-shortcuts.tsx";
import { useInboxListKeys } from "./use-inbox-list-keys.ts";

adoptStyles(splitRowCss);
adoptStyles(smallControlCss);
adoptStyles(inboxCss);

/** How long a report that just arrived stays highlighted. */
const freshMs = 6000;

/**
 * `/dashboard/inbox`: the feedback reports of every widget project, with search, filters, sort and
 * page in the URL, bulk changes (of the ticked rows or all matching), keyboard shortcuts (`?` lists
 * them), this admin's unread marker, and new reports arriving live
 * over the staff socket (on top of the first page of the newest-first order, when they fit the filters).
 */
export default function InboxListPage() {
  const tr = useT();
  const { t } = tr;
  useDocumentTitle(t("inbox.title"));
  const { user } = useSnapshot(sessionState);
  const list = useListPage({ path: inboxPath, url: inboxListUrl, load: inboxApi.list });
  const { resource, reload } = list;
  const projects = useResource(() => inboxApi.projects(), "projects");
  const selection = useRowSelection(list.search);
  const { fresh, announcement, ownChange } = useLiveReports(list);
  const rows = resource.state === "ready" ? resource.data.items : [];
  const keys = useInboxListKeys({ rows, myId: user?.id ?? null, onChanged: ownChange });
  // "Select all N matching" holds while the ticks and the list stay as they were.
  const [allMatching, setAllMatching] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the ticks or the list change.
  useEffect(() => setAllMatching(false), [selection.selected, list.search]);
  // The bulk bar goes when the selection does: the focus moves to the select-all box (the next control),
  // or to the heading once the status change has left no row to select.
  const selectAll = useRef<HTMLInputElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || resource.state === "loading") return;
    setRefocus(false);
    (selectAll.current ?? document.getElementById("inbox-title"))?.focus();
  }, [refocus, resource]);

  return (
    <ListPageView
      sectionClassName="inbox"
      names={{ messages: "inbox", item: "inbox" }}
      heading={{ actions: <ShortcutsButton onOpen={keys.openHelp} /> }}
      list={list}
      resource={resource}
      filters={inboxFilters(
        list,
        projects.resource.state === "ready" ? projects.resource.data.items : [],
        user?.id ?? null,
      )}
      above={
        <>
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </p>
          <InboxSearchNote query={list.query} page={resource.state === "ready" ? resource.data : null} />
          <ShortcutsDialog open={keys.helpOpen} onClose={keys.closeHelp} />
          <InboxBulkBar
            myId={user?.id ?? null}
            ids={[...selection.selected]}
            matching={{
              total: resource.state === "ready" ? resource.data.total : 0,
              pageRows: rows.length,
              filter: inboxBulkFilter(list.query),
              all: allMatching,
              onAll: setAllMatching,
            }}
            onClear={() => {
              selection.clear();
              selectAll.current?.focus();
            }}
            onDone={() => {
              selection.clear();
              setRefocus(true);
              reload();
            }}
          />
        </>
      }
      className="inbox-table"
      columns={inboxColumns(tr, (tag) => list.change({ tag }))}
      select={{
        selection,
        allLabel: "inbox.selectAll",
        rowLabel: (report) => t("inbox.select", { id: report.shortId }),
        allRef: selectAll,
      }}
      rowProps={(report) => inboxRowProps(report, fresh.has(report.id), keys.focusedId === report.id)}
    />
  );
}

/**
 * Above a searched inbox: its results come best first (no column is sorted then) or in the order of the
 * column clicked, of the newest ones when more matched.
 */
function InboxSearchNote({
  query,
  page,
}: {
  query: InboxListQuery;
  page: (ListPage<InboxReport> & SearchedListPage) | null;
}) {
  const { t } = useT();
  if (query.q === "" || !page || page.total === 0) return null;
  if (query.sort.field !== "relevance")
    return page.totalCapped ? (
      <SearchNote text={t("inbox.searchCappedSorted", { count: page.total })} />
    ) : null;
  return (
    <SearchNote
      text={page.totalCapped ? t("inbox.searchCapped", { count: page.total }) : t("inbox.searchRanked")}
    />
  );
}

/**
 * New and changed reports pushed over the staff socket, applied to the page shown: an arrival on top of
 * the first page of the newest-first order when it fits the filters, highlighted for a moment and
 * announced to screen readers.
 */
function useLiveReports(list: ListPageController<InboxListQuery, ListPage<InboxReport>>) {
  const { t } = useT();
  const { resource, refresh, replace } = list;
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState("");

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
      } else if (push.name === "reports-deleted") {
        show(withRemoval(current.data, push.data.ids));
      }
    },
    // Back after a drop: whatever arrived meanwhile was not pushed to this tab.
    refresh,
  );
  /**
   * This admin's own change from the keyboard: shown at once, then the list asked again. The change
   * must not wait for that answer: a push about the same change may come first and replace the page,
   * and an answer older than a push is dropped.
   */
  const ownChange = (change: ReportTriageState) => {
    const current = shown.current;
    if (current.state === "ready") show(withOwnChange(current.data, change, list.query));
    refresh();
  };
  return { fresh, announcement, ownChange };
}
