import { useState } from "react";
import { type InboxListFilter, type ReportStatus, reportStatuses } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { BulkBar, type BulkBarProps } from "../shell/list/bulk-bar.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { AssigneeOptions, useAssignableAdmins } from "../users/assignee-options.tsx";
import { BulkChoice, ValueOptions } from "./bulk-choice.tsx";
import { inboxApi } from "./inbox-api.ts";
import { type BulkTarget, InboxBulkMore } from "./inbox-bulk-more.tsx";
import { statusLabel } from "./inbox-labels.ts";

/** The assignee choice meaning "nobody" (the API's null). */
const nobody = "";

/**
 * The list's rows beyond the page: with every row of the page ticked and more matching,
 * the bar offers them all, and then acts on the list's filter (`all`) rather than the ticked ids.
 */
export interface MatchingRows {
  total: number;
  pageRows: number;
  filter: InboxListFilter;
  all: boolean;
  onAll: (all: boolean) => void;
}

/**
 * Moves the selected reports to one status together after a confirmation, or gives them to one admin
 * (or to nobody) at once (`POST /api/feedback/bulk`); priority, tags, spam and delete beside them
 * (inbox-bulk-more.tsx). "Select all N matching" widens them to the whole filtered list.
 */
export function InboxBulkBar({
  ids,
  onDone,
  onClear,
  myId,
  matching,
}: BulkBarProps & { myId: string | null; matching: MatchingRows }) {
  const { t } = useT();
  const [status, setStatus] = useState<ReportStatus>("DONE");
  const [assignee, setAssignee] = useState<string>(myId ?? nobody);
  const admins = useAssignableAdmins();
  if (ids.length === 0) return null;
  const target: BulkTarget = matching.all ? { filter: matching.filter } : { ids };
  const count = matching.all ? matching.total : ids.length;
  const more = !matching.all && ids.length === matching.pageRows && matching.total > matching.pageRows;

  const assign = async () => {
    const outcome = await runAction(
      () => inboxApi.bulk({ ...target, assigneeId: assignee === nobody ? null : assignee }),
      (result) => ({ heading: t("inbox.bulk.assigned", { count: result.updated }) }),
    );
    if (outcome.ok) onDone();
  };

  const label = (value: ReportStatus) => t(statusLabel(value) ?? "inbox.status.OPEN");
  const ask = () =>
    confirmAction({
      type: status === "ARCHIVED" ? "danger" : "info",
      heading: t("inbox.bulk.confirmTitle", { count, status: label(status) }),
      body: t("inbox.bulk.confirmBody"),
      confirmLabel: t("inbox.bulk.apply"),
      onConfirm: async () => {
        const outcome = await runAction(
          () => inboxApi.bulk({ ...target, status }),
          (result) => ({ heading: t("inbox.bulk.done", { count: result.updated, status: label(status) }) }),
        );
        if (outcome.ok) onDone();
      },
    });

  return (
    <BulkBar
      selected={t(matching.all ? "inbox.bulk.allMatching" : "inbox.bulk.selected", { count })}
      clear={t("inbox.bulk.clear")}
      onClear={onClear}
    >
      {more && (
        <Button size="sm" variant="tertiary" onClick={() => matching.onAll(true)}>
          {t("inbox.bulk.selectAllMatching", { count: matching.total })}
        </Button>
      )}
      <BulkChoice
        label={t("inbox.bulk.setStatus")}
        value={status}
        onChange={(value) => setStatus(value as ReportStatus)}
      >
        <ValueOptions values={reportStatuses} text={label} />
      </BulkChoice>
      <Button size="sm" variant="secondary" onClick={ask}>
        {t("inbox.bulk.apply")}
      </Button>
      <BulkChoice
        label={t("inbox.bulk.assignTo")}
        name="bulkAssignee"
        value={assignee}
        onChange={setAssignee}
      >
        <AssigneeOptions
          admins={admins}
          current={myId ? { id: myId, name: t("inbox.filter.assignedToMe") } : null}
          nobody={t("inbox.field.unassigned")}
        />
      </BulkChoice>
      <Button size="sm" variant="secondary" onClick={() => void assign()}>
        {t("inbox.bulk.assign")}
      </Button>
      <InboxBulkMore target={target} count={count} onDone={onDone} />
    </BulkBar>
  );
}
