import { useEffect, useState } from "react";
import { reportPriorities } from "../../shared/feedback-api.ts";
import { type ReportUpdate, reportStatuses } from "../../shared/inbox-api.ts";
import { AssignmentHistory } from "../assignments/assignment-timeline.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { useBusyAction } from "../shell/overlay/use-busy-action.ts";
import { type SelectOption, SelectOptions } from "../shell/select-options.tsx";
import { AssigneeOptions, useAssignableAdmins } from "../users/assignee-options.tsx";
import { inboxApi } from "./inbox-api.ts";
import { priorityLabel, statusLabel } from "./inbox-labels.ts";
import type { ReportChangeProps, ReportDetailView } from "./report-detail-view.ts";

/** Tags as typed ("billing, export") to the API's list: trimmed, no empties, no repeats, 64 characters each. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(",")
    .map((tag) => tag.trim().slice(0, 64))
    .filter(Boolean);
  return [...new Set(tags)].slice(0, 20);
}

/** A triage choice (status, priority) that applies as soon as it is chosen. */
function TriageChoice({
  name,
  label,
  value,
  options,
  busy,
  onChoose,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  busy: boolean;
  onChoose: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select name={name} value={value} disabled={busy} onChange={(event) => onChoose(event.target.value)}>
        <SelectOptions options={options} />
      </select>
    </label>
  );
}

/** Who works on the report, chosen by name, with its assignment history under the choice. */
function AssigneeField({
  report,
  busy,
  onAssign,
}: {
  report: ReportDetailView;
  busy: boolean;
  onAssign: (assigneeId: string | null) => void;
}) {
  const { t } = useT();
  const admins = useAssignableAdmins();
  return (
    <>
      <label className="field">
        <span className="field-label">{t("inbox.field.assignee")}</span>
        <select
          name="assigneeId"
          value={report.assignee?.id ?? ""}
          disabled={busy}
          onChange={(event) => onAssign(event.target.value || null)}
        >
          <AssigneeOptions admins={admins} current={report.assignee} nobody={t("inbox.field.unassigned")} />
        </select>
      </label>
      <AssignmentHistory item={{ kind: "report", id: report.id, projectId: report.projectId }} />
    </>
  );
}

/**
 * Status, priority and assignee apply as soon as they are chosen (`PATCH /api/feedback/{id}`); tags
 * are typed and saved with their button. The answer (the whole report) replaces the screen's copy.
 */
export function ReportTriage({ report, onChanged }: ReportChangeProps) {
  const { t } = useT();
  const [tags, setTags] = useState(report.tags.join(", "));
  const { busy, run } = useBusyAction();

  useEffect(() => setTags(report.tags.join(", ")), [report.tags]);

  const save = async (change: ReportUpdate) => {
    const outcome = await run(() => inboxApi.update(report.id, change), "inbox.triage.saved");
    if (outcome.ok) onChanged(outcome.value);
  };
  // Status and priority are chosen alike from their fixed values, each read by its label (or a fallback).
  const choice = (
    name: "status" | "priority",
    values: readonly string[],
    labelOf: (value: string) => MessageId | null,
    fallback: MessageId,
  ) => (
    <TriageChoice
      name={name}
      label={t(`inbox.column.${name}`)}
      value={report[name]}
      busy={busy}
      options={values.map((value) => ({ value, text: t(labelOf(value) ?? fallback) }))}
      onChoose={(value) => void save({ [name]: value } as ReportUpdate)}
    />
  );

  return (
    <section className="detail-card inbox-triage" aria-busy={busy}>
      <h2>{t("inbox.section.triage")}</h2>
      {choice("status", reportStatuses, statusLabel, "inbox.status.OPEN")}
      {choice("priority", reportPriorities, priorityLabel, "inbox.priority.LOW")}
      <AssigneeField report={report} busy={busy} onAssign={(assigneeId) => void save({ assigneeId })} />
      <form
        className="field inbox-tags"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ tags: parseTags(tags) });
        }}
      >
        <label htmlFor="report-tags" className="field-label">
          {t("inbox.field.tags")}
        </label>
        <div className="inbox-tags-row">
          <input
            id="report-tags"
            name="tags"
            value={tags}
            placeholder={t("inbox.field.tagsPlaceholder")}
            onChange={(event) => setTags(event.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            {t("inbox.field.saveTags")}
          </Button>
        </div>
      </form>
    </section>
  );
}
