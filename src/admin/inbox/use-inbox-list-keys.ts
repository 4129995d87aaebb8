import { useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { InboxReport, ReportTriageState, ReportUpdate } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { inboxApi } from "./inbox-api.ts";
import { inboxReportHref } from "./inbox-paths.ts";
import { useInboxKeys } from "./use-inbox-keys.ts";

/** The row's title link: the keyboard's row focus is real focus there (the ring, screen readers). */
const rowLink = (id: string) =>
  document.querySelector<HTMLAnchorElement>(`tr[data-id="${CSS.escape(id)}"] a.table-link`);

/**
 * The inbox list from the keyboard: `j`/`k` move a row focus over the page shown, `Enter`
 * opens the focused report, `e` marks it done and `a` assigns it to this admin (the row focus moves
 * on first, as a mail client's archive does, since a done report may leave the list), `?` opens the
 * shortcut list. Tabbing into a row moves the row focus there too.
 */
export function useInboxListKeys({
  rows,
  myId,
  onChanged,
}: {
  rows: readonly InboxReport[];
  myId: string | null;
  /** The report as the server answered the change. */
  onChanged: (changed: ReportTriageState) => void;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const index = rows.findIndex((row) => row.id === focusedId);

  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const row = event.target instanceof Element ? event.target.closest("tr[data-id]") : null;
      const id = row?.getAttribute("data-id");
      if (id) setFocusedId(id);
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);

  const focusRow = (id: string) => {
    setFocusedId(id);
    const link = rowLink(id);
    link?.focus();
    link?.scrollIntoView({ block: "nearest" });
  };
  const move = (step: 1 | -1) => {
    if (rows.length === 0) return;
    const next = index === -1 ? (step === 1 ? 0 : rows.length - 1) : index + step;
    const row = rows[Math.min(Math.max(next, 0), rows.length - 1)];
    if (row) focusRow(row.id);
  };
  const change = (
    report: InboxReport,
    update: ReportUpdate,
    toast: "inbox.keys.doneToast" | "inbox.keys.assignedToast",
  ) => {
    const after = rows[index + 1];
    if (after) focusRow(after.id);
    void runAction(
      () => inboxApi.update(report.id, update),
      () => ({ heading: t(toast, { id: report.shortId }) }),
    ).then((outcome) => {
      if (outcome.ok) onChanged(outcome.value);
    });
  };
  const current = rows[index];

  useInboxKeys({
    next: () => move(1),
    previous: () => move(-1),
    open: () => {
      if (current) navigate(inboxReportHref(current.id));
    },
    done: () => {
      if (current) change(current, { status: "DONE" }, "inbox.keys.doneToast");
    },
    assignToMe: () => {
      if (current && myId) change(current, { assigneeId: myId }, "inbox.keys.assignedToast");
    },
    help: () => setHelpOpen(true),
  });

  return {
    focusedId,
    helpOpen,
    openHelp: () => setHelpOpen(true),
    closeHelp: useCallback(() => setHelpOpen(false), []),
  };
}
