import { useState } from "react";
import { reportPriorities } from "../../shared/feedback-api.ts";
import type { BulkReportDelete } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { adoptStyles } from "./area-styles.ts";
import { inboxApi } from "./inbox-api.ts";
import { priorityLabel } from "./inbox-labels.ts";
import toolsCss from "./inbox-list-tools.css" with { type: "text" };
import { parseTags } from "./report-triage.tsx";

adoptStyles(toolsCss);

/** The reports a bulk action is for: the ticked ones, or every one the list's filter matches. */
export type BulkTarget = BulkReportDelete;

type Priority = (typeof reportPriorities)[number];

/**
 * The bulk bar's further actions: a priority, tags added or removed, "Mark as spam" (which
 * also stops the senders' sessions from reporting) and delete, each over `target`; spam and delete
 * ask first, as a danger.
 */
export function InboxBulkMore({
  target,
  count,
  onDone,
}: {
  target: BulkTarget;
  count: number;
  onDone: () => void;
}) {
  const { t } = useT();
  const [priority, setPriority] = useState<Priority>("HIGH");
  const [tags, setTags] = useState("");
  const label = (value: Priority) => t(priorityLabel(value) ?? "inbox.priority.LOW");

  const run = async <T,>(call: () => Promise<T>, toast: (value: T) => string) => {
    const outcome = await runAction(call, (value) => ({ heading: toast(value) }));
    if (outcome.ok) onDone();
  };

  const retag = (how: "addTags" | "removeTags") => {
    const list = parseTags(tags);
    if (list.length === 0) return;
    void run(
      () => inboxApi.bulk({ ...target, [how]: list }),
      (result) => t("inbox.bulk.tagged", { count: result.updated }),
    ).then(() => setTags(""));
  };

  const markSpam = () =>
    confirmAction({
      type: "danger",
      heading: t("inbox.bulk.spamTitle", { count }),
      body: t("inbox.bulk.spamBody"),
      confirmLabel: t("inbox.bulk.spam"),
      onConfirm: () =>
        run(
          () => inboxApi.bulk({ ...target, status: "SPAM" }),
          (result) => t("inbox.bulk.spammed", { count: result.updated }),
        ),
    });

  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("inbox.bulk.deleteTitle", { count }),
      body: t("inbox.bulk.deleteBody"),
      confirmLabel: t("inbox.bulk.delete"),
      onConfirm: () =>
        run(
          () => inboxApi.bulkDelete(target),
          (result) => t("inbox.bulk.deleted", { count: result.deleted }),
        ),
    });

  return (
    <>
      <label className="inbox-bulk-status">
        <span>{t("inbox.bulk.setPriority")}</span>
        <select
          name="bulkPriority"
          value={priority}
          onChange={(event) => setPriority(event.target.value as Priority)}
        >
          {reportPriorities.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </select>
      </label>
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          void run(
            () => inboxApi.bulk({ ...target, priority }),
            (result) => t("inbox.bulk.prioritySet", { count: result.updated, priority: label(priority) }),
          )
        }
      >
        {t("inbox.bulk.applyPriority")}
      </Button>
      <label className="inbox-bulk-status inbox-bulk-tags">
        <span>{t("inbox.bulk.tags")}</span>
        <input
          name="bulkTags"
          value={tags}
          placeholder={t("inbox.bulk.tagsPlaceholder")}
          onChange={(event) => setTags(event.target.value)}
        />
      </label>
      <Button size="sm" variant="secondary" onClick={() => retag("addTags")}>
        {t("inbox.bulk.addTags")}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => retag("removeTags")}>
        {t("inbox.bulk.removeTags")}
      </Button>
      <Button size="sm" variant="secondary" onClick={markSpam}>
        {t("inbox.bulk.spam")}
      </Button>
      <Button size="sm" variant="secondary" onClick={remove}>
        {t("inbox.bulk.delete")}
      </Button>
    </>
  );
}
