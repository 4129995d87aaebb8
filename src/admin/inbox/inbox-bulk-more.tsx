import { useState } from "react";
import { reportPriorities } from "../../shared/feedback-api.ts";
import type { BulkReportDelete } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import { BulkActionButtons } from "../shell/list/bulk-bar.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { BulkChoice, ValueOptions } from "./bulk-choice.tsx";
import { inboxApi } from "./inbox-api.ts";
import { priorityLabel } from "./inbox-labels.ts";
import toolsCss from "./inbox-list-tools.css" with { type: "text" };
import { parseTags } from "./report-triage.tsx";

adoptStyles(smallControlCss);
adoptStyles(toolsCss);

/** The reports a bulk action is for: the ticked ones, or every one the list's filter matches. */
export type BulkTarget = BulkReportDelete;

type Priority = (typeof reportPriorities)[number];

/** Runs one bulk action with its toast; once it went through, the list is done with it (`onDone`). */
type BulkRun = <T>(call: () => Promise<T>, toast: (value: T) => string) => Promise<void>;

/** A part of the bar: the reports it acts on and how it runs an action. */
interface BulkPartProps {
  target: BulkTarget;
  run: BulkRun;
}

/** The priority chosen for the reports, and the button that sets it. */
function BulkPriority({ target, run }: BulkPartProps) {
  const { t } = useT();
  const [priority, setPriority] = useState<Priority>("HIGH");
  const label = (value: Priority) => t(priorityLabel(value) ?? "inbox.priority.LOW");
  return (
    <>
      <BulkChoice
        label={t("inbox.bulk.setPriority")}
        name="bulkPriority"
        value={priority}
        onChange={(value) => setPriority(value as Priority)}
      >
        <ValueOptions values={reportPriorities} text={label} />
      </BulkChoice>
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
    </>
  );
}

/** The tags typed, and the buttons that add them to the reports or remove them. */
function BulkTags({ target, run }: BulkPartProps) {
  const { t } = useT();
  const [tags, setTags] = useState("");
  const retag = (how: "addTags" | "removeTags") => {
    const list = parseTags(tags);
    if (list.length === 0) return;
    void run(
      () => inboxApi.bulk({ ...target, [how]: list }),
      (result) => t("inbox.bulk.tagged", { count: result.updated }),
    ).then(() => setTags(""));
  };
  return (
    <>
      <label className="inbox-bulk-status inbox-bulk-tags">
        <span>{t("inbox.bulk.tags")}</span>
        <input
          name="bulkTags"
          value={tags}
          placeholder={t("inbox.bulk.tagsPlaceholder")}
          onChange={(event) => setTags(event.target.value)}
        />
      </label>
      <BulkActionButtons
        actions={(["addTags", "removeTags"] as const).map((how) => ({
          label: t(`inbox.bulk.${how}`),
          onClick: () => retag(how),
        }))}
      />
    </>
  );
}

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

  const run: BulkRun = async (call, toast) => {
    const outcome = await runAction(call, (value) => ({ heading: toast(value) }));
    if (outcome.ok) onDone();
  };

  /** Spam and delete: a danger, asked first with its own title, body and button. */
  const confirmed =
    <T,>(what: "spam" | "delete", call: () => Promise<T>, toast: (value: T) => string) =>
    () =>
      confirmAction({
        type: "danger",
        heading: t(`inbox.bulk.${what}Title`, { count }),
        body: t(`inbox.bulk.${what}Body`),
        confirmLabel: t(`inbox.bulk.${what}`),
        onConfirm: () => run(call, toast),
      });

  const markSpam = confirmed(
    "spam",
    () => inboxApi.bulk({ ...target, status: "SPAM" }),
    (result) => t("inbox.bulk.spammed", { count: result.updated }),
  );
  const remove = confirmed(
    "delete",
    () => inboxApi.bulkDelete(target),
    (result) => t("inbox.bulk.deleted", { count: result.deleted }),
  );

  return (
    <>
      <BulkPriority target={target} run={run} />
      <BulkTags target={target} run={run} />
      <BulkActionButtons
        actions={[
          { label: t("inbox.bulk.spam"), onClick: markSpam },
          { label: t("inbox.bulk.delete"), onClick: remove },
        ]}
      />
    </>
  );
}
