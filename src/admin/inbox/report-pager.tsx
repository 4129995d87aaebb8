import { useMemo, useState } from "react";
import { useSnapshot } from "valtio";
import { Link, useLocation } from "wouter";
import type { ReportUpdate } from "../../shared/inbox-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { sessionState } from "../session/session-store.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import { listHref } from "../shell/list/use-list-query.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { inboxApi } from "./inbox-api.ts";
import { inboxListUrl, inboxOrderParams } from "./inbox-list-query.ts";
import toolsCss from "./inbox-list-tools.css" with { type: "text" };
import { inboxPath, inboxReportHref } from "./inbox-paths.ts";
import { ShortcutsButton, ShortcutsDialog } from "./inbox-shortcuts.tsx";
import type { ReportChangeProps } from "./report-detail-view.ts";
import { useInboxKeys } from "./use-inbox-keys.ts";

adoptStyles(smallControlCss);
adoptStyles(toolsCss);

/**
 * Previous and next on a report page, in the order of the list it was opened from (its
 * filters and sort as the list last showed them; the open reports, newest first, for a report opened
 * from a link), with its place in that list; `j`/`k` go there too, `e` marks the report done and goes
 * on to the next, `a` assigns it to this admin, `?` lists the shortcuts.
 */
export function ReportPager({ report, onChanged }: ReportChangeProps) {
  const { t } = useT();
  const { user } = useSnapshot(sessionState);
  const [, navigate] = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  const order = useMemo(
    () => inboxOrderParams(inboxListUrl.parse(listHref(inboxPath).slice(inboxPath.length))),
    [],
  );
  // Asked once per report, before a change can take it out of the list (`e` then still knows what follows).
  const { resource } = useResource(() => inboxApi.neighbours(report.id, order), `${report.id}?${order}`);
  const neighbours = resource.state === "ready" ? resource.data : null;
  const go = (id: string | null | undefined) => {
    if (id) navigate(inboxReportHref(id));
  };

  const change = async (update: ReportUpdate, toast: "inbox.keys.doneToast" | "inbox.keys.assignedToast") => {
    // What follows the report is known before the change can take it out of the list: asked here when
    // `e` comes while the pager's own answer is still on its way (it went nowhere then).
    const following =
      update.status === "DONE"
        ? (neighbours ?? (await inboxApi.neighbours(report.id, order).catch(() => null)))
        : null;
    const outcome = await runAction(
      () => inboxApi.update(report.id, update),
      () => ({ heading: t(toast, { id: report.shortId }) }),
    );
    if (!outcome.ok) return;
    onChanged(outcome.value);
    go(following?.next);
  };

  useInboxKeys({
    next: () => go(neighbours?.next),
    previous: () => go(neighbours?.previous),
    done: () => void change({ status: "DONE" }, "inbox.keys.doneToast"),
    assignToMe: () => {
      if (user) void change({ assigneeId: user.id }, "inbox.keys.assignedToast");
    },
    help: () => setHelpOpen(true),
  });

  const step = (id: string | null | undefined, label: string, keys: string) =>
    id ? (
      <Link
        href={inboxReportHref(id)}
        className={buttonClass({ variant: "secondary", size: "sm" })}
        aria-keyshortcuts={keys}
      >
        {label}
      </Link>
    ) : (
      <Button variant="secondary" size="sm" disabled aria-keyshortcuts={keys}>
        {label}
      </Button>
    );

  return (
    <nav className="inbox-pager" aria-label={t("inbox.pager.label")}>
      {step(neighbours?.previous, t("inbox.pager.previous"), "k")}
      {/* There while the neighbours load too, so "Previous" and "Next" stay where they came. */}
      <span className="inbox-pager-position" data-testid="report-position">
        {neighbours?.position != null &&
          t("inbox.pager.position", { position: neighbours.position, total: neighbours.total })}
      </span>
      {step(neighbours?.next, t("inbox.pager.next"), "j")}
      <ShortcutsButton onOpen={() => setHelpOpen(true)} />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </nav>
  );
}
