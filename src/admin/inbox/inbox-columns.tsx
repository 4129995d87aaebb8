import { Link } from "wouter";
import type { InboxReport } from "../../shared/inbox-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import type { Translator } from "../i18n/intl.ts";
import { SearchMatchLine } from "../search/search-match.tsx";
import { ClipText } from "../shell/list/list-clip.tsx";
import type { ListColumn } from "../shell/list/list-page.tsx";
import { PriorityBadge, StatusBadge, TypeText } from "./inbox-badges.tsx";
import type { InboxSortField } from "./inbox-list-query.ts";
import { inboxReportHref } from "./inbox-paths.ts";
import { TagChips } from "./inbox-tag-chips.tsx";

/** Where a report was sent from, without the scheme: the path is what tells pages apart. */
export function pageText(page: string): string {
  return page.replace(/^https?:\/\//, "");
}

/** The name of the field a searched report matched in (src/shared/search-api.ts). */
const matchLabels: Record<string, MessageId> = {
  shortId: "inbox.match.shortId",
  tags: "inbox.match.tags",
  reporter: "inbox.match.reporter",
  description: "inbox.match.description",
  messages: "inbox.match.messages",
  page: "inbox.match.page",
  customData: "inbox.match.customData",
  network: "inbox.match.network",
  console: "inbox.match.console",
};
const matchLabel = (field: string): MessageId =>
  Object.hasOwn(matchLabels, field) ? (matchLabels[field] as MessageId) : "inbox.match.description";

/**
 * A report's own cell: its title (to the report) with the unread dot, its short id and what it
 * carries, and in a search where it matched.
 */
function ReportCell({ report, t }: { report: InboxReport; t: Translator["t"] }) {
  const title = report.title || t("inbox.untitled");
  return (
    <>
      <span className="inbox-title-line">
        {report.unread && (
          <span
            className="inbox-unread-dot"
            role="img"
            aria-label={t("inbox.unread")}
            title={t("inbox.unread")}
          />
        )}
        <Link href={inboxReportHref(report.id)} className="table-link clip" title={title}>
          {title}
        </Link>
      </span>
      <span className="inbox-sub-line subtle-cell">
        {report.shortId}
        {report.hasScreenshot && <span className="inbox-chip">{t("inbox.has.screenshot")}</span>}
        {report.hasReplay && <span className="inbox-chip">{t("inbox.has.replay")}</span>}
        {report.hasRecording && <span className="inbox-chip">{t("inbox.has.recording")}</span>}
      </span>
      {report.match && <SearchMatchLine match={report.match} label={t(matchLabel(report.match.field))} />}
    </>
  );
}

/**
 * The inbox's columns: the title (to the report) with its short id and what it carries (screenshot,
 * replay, recording), bold with a dot while this admin has not opened it; then type, status, priority,
 * reporter, page, tags (each filters the list by itself, `onTag`), assignee and age; in a search, where
 * the report matched, under its title.
 */
export function inboxColumns(
  { t }: Translator,
  onTag: (tag: string) => void,
): ListColumn<InboxReport, InboxSortField>[] {
  return [
    {
      label: "inbox.column.report",
      primary: true,
      className: "fluid-cell fluid-60 primary-cell",
      cell: (report) => <ReportCell report={report} t={t} />,
    },
    { label: "inbox.column.type", cell: (report) => <TypeText type={report.type} /> },
    {
      label: "inbox.column.status",
      sort: "status",
      cell: (report) => <StatusBadge status={report.status} />,
    },
    {
      label: "inbox.column.priority",
      sort: "priority",
      cell: (report) => <PriorityBadge priority={report.priority} />,
    },
    {
      label: "inbox.column.reporter",
      className: "fluid-cell fluid-15",
      cell: (report) => {
        const reporter = report.reporter.email ?? report.reporter.name;
        return reporter ? (
          <ClipText text={reporter} className="email-text" />
        ) : (
          <ClipText text={t("inbox.anonymous")} className="subtle-cell" />
        );
      },
    },
    {
      label: "inbox.column.page",
      className: "fluid-cell fluid-15",
      cell: (report) =>
        report.page ? (
          <ClipText text={pageText(report.page)} />
        ) : (
          <ClipText text={t("field.notSet")} className="subtle-cell" />
        ),
    },
    {
      label: "inbox.column.tags",
      className: "fluid-cell fluid-15",
      cell: (report) => <TagChips tags={report.tags} onTag={onTag} />,
    },
    {
      label: "inbox.column.assignee",
      className: "fluid-cell fluid-15",
      cell: (report) =>
        report.assignee ? (
          <ClipText text={report.assignee.name} />
        ) : (
          <ClipText text={t("inbox.field.unassigned")} className="subtle-cell" />
        ),
    },
    { label: "inbox.column.age", sort: "createdAt", date: (report) => report.createdAt },
  ];
}

/**
 * A report's row: its id for the tests and live updates, bold while unread, highlighted for a moment
 * after it arrived over the socket (`fresh`), marked while the keyboard's row focus is on it (`focused`).
 */
export function inboxRowProps(report: InboxReport, fresh: boolean, focused = false) {
  const classes = [
    report.unread ? "inbox-unread" : "",
    fresh ? "inbox-fresh" : "",
    focused ? "inbox-focused" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    "data-testid": "inbox-row",
    "data-id": report.id,
    "data-focused": focused ? "true" : undefined,
    className: classes || undefined,
  };
}
