import { Link } from "wouter";
import type { InboxReport } from "../../shared/inbox-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { ClipText } from "../shell/list/list-clip.tsx";
import { PriorityBadge, StatusBadge, TypeText } from "./inbox-badges.tsx";
import { inboxReportHref } from "./inbox-paths.ts";

/** Where a report was sent from, without the scheme: the path is what tells pages apart. */
export function pageText(page: string): string {
  return page.replace(/^https?:\/\//, "");
}

/**
 * One report: checkbox; the title (to the report) with its short id and what it carries (screenshot,
 * replay, recording), bold with a dot while this admin has not opened it; then type, status, priority,
 * reporter, page and age. Each cell names its column for the narrow card layout.
 */
export function InboxRow({
  report,
  selected,
  fresh,
  onSelect,
}: {
  report: InboxReport;
  selected: boolean;
  /** Arrived over the socket while the list was open: highlighted for a moment. */
  fresh: boolean;
  onSelect: (id: string, selected: boolean) => void;
}) {
  const { t } = useT();
  const format = useFormatters();
  const reporter = report.reporter.email ?? report.reporter.name;
  const title = report.title || t("inbox.untitled");
  const classes = [report.unread ? "inbox-unread" : "", fresh ? "inbox-fresh" : ""].filter(Boolean).join(" ");
  return (
    <tr aria-selected={selected} data-testid="inbox-row" data-id={report.id} className={classes || undefined}>
      <td className="select-cell">
        <input
          type="checkbox"
          checked={selected}
          aria-label={t("inbox.select", { id: report.shortId })}
          onChange={(event) => onSelect(report.id, event.target.checked)}
        />
      </td>
      <td className="fluid-cell fluid-40 primary-cell">
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
      </td>
      <td data-label={t("inbox.column.type")}>
        <TypeText type={report.type} />
      </td>
      <td data-label={t("inbox.column.status")}>
        <StatusBadge status={report.status} />
      </td>
      <td data-label={t("inbox.column.priority")}>
        <PriorityBadge priority={report.priority} />
      </td>
      <td className="fluid-cell fluid-30" data-label={t("inbox.column.reporter")}>
        {reporter ? (
          <ClipText text={reporter} className="email-text" />
        ) : (
          <span className="subtle-cell">{t("inbox.anonymous")}</span>
        )}
      </td>
      <td className="fluid-cell fluid-30" data-label={t("inbox.column.page")}>
        {report.page ? (
          <ClipText text={pageText(report.page)} />
        ) : (
          <span className="subtle-cell">{t("field.notSet")}</span>
        )}
      </td>
      <td title={format.dateTime(report.createdAt)} data-label={t("inbox.column.age")}>
        {format.ago(report.createdAt)}
      </td>
    </tr>
  );
}
