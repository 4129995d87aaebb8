import { useState } from "react";
import { Link } from "wouter";
import { type ReportDetail, type ReportResolution, ResolveReportRequest } from "../../shared/reports-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FieldList } from "../shell/detail/field-list.tsx";
import { fieldErrors, ruleMessage } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import type { ActionFailure } from "../shell/overlay/run-action.ts";
import { useBusyAction } from "../shell/overlay/use-busy-action.ts";
import { resolutionFailureToast } from "./report-labels.ts";
import { ReportStatusBadge } from "./report-status-badge.tsx";
import { reportsApi } from "./reports-api.ts";

/**
 * A refused resolution as its toast: "Report Already Resolved" (another admin was faster) and "Report
 * Not Found" head it and ask the screen to load the report again; other refusals give their reason.
 */
export function resolutionFailure(failure: unknown): ActionFailure {
  const { heading, body, stale } = resolutionFailureToast(apiErrorMessage(failure));
  return { heading, body, reload: stale };
}

/** How a resolved report ended: the resolution, when, and by which admin. */
export function ResolutionSummary({ report }: { report: ReportDetail }) {
  return (
    <div data-testid="report-resolution">
      <FieldList
        title="report.section.resolution"
        fields={[
          { label: "report.field.resolution", value: <ReportStatusBadge resolution={report.resolution} /> },
          {
            label: "report.field.resolvedAt",
            value: report.resolvedAt && <DateTimeAgo value={report.resolvedAt} />,
          },
          {
            label: "report.field.resolvedBy",
            value: report.resolver && (
              <Link
                href={`/dashboard/users/${encodeURIComponent(report.resolver.id)}`}
                className="table-link"
              >
                {report.resolver.name}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}

/** The confirmation each resolution asks for, naming the task, the reporter or the creator it acts on. */
function resolutionQuestion({ t }: Translator, report: ReportDetail, resolution: ReportResolution) {
  const title = report.task.title || t("report.untitled");
  const reporter = report.reporter?.name ?? "";
  const creator = report.creator?.name ?? "";
  const questions = {
    REJECT: {
      type: "warning",
      heading: t("report.confirm.rejectTitle"),
      body: t("report.confirm.rejectBody"),
      confirmLabel: t("report.action.reject"),
    },
    DELETE_TASK: {
      type: "danger",
      heading: t("report.confirm.deleteTitle", { title }),
      body: t("report.confirm.deleteBody"),
      confirmLabel: t("report.action.deleteTask"),
    },
    BLOCK_REPORTER: {
      type: "danger",
      heading: t("report.confirm.blockReporterTitle", { name: reporter }),
      body: t("report.confirm.blockReporterBody", { name: reporter }),
      confirmLabel: t("report.action.blockReporter"),
    },
    BLOCK_CREATOR: {
      type: "danger",
      heading: t("report.confirm.blockCreatorTitle", { name: creator }),
      body: t("report.confirm.blockCreatorBody", { name: creator }),
      confirmLabel: t("report.action.blockCreator"),
    },
  } as const;
  return questions[resolution];
}

/**
 * The resolutions' buttons in their order: rejecting is the plain way out, the others act on someone
 * (shown as dangerous), and a block needs the person it blocks.
 */
const resolutionButtons: readonly {
  resolution: ReportResolution;
  label: MessageId;
  needs?: "reporter" | "creator";
}[] = [
  { resolution: "REJECT", label: "report.action.reject" },
  { resolution: "DELETE_TASK", label: "report.action.deleteTask" },
  { resolution: "BLOCK_REPORTER", label: "report.action.blockReporter", needs: "reporter" },
  { resolution: "BLOCK_CREATOR", label: "report.action.blockCreator", needs: "creator" },
];

/** Why a block button is off: the report has no reporter (automatic or deleted) or no creator. */
function MissingPeople({ report }: { report: ReportDetail }) {
  const { t } = useT();
  if (report.reporter && report.creator) return null;
  return (
    <p className="subtle-cell report-action-hints">
      {!report.reporter && t(report.automatic ? "report.action.noReporter" : "report.action.reporterDeleted")}{" "}
      {!report.creator && t("report.action.noCreator")}
    </p>
  );
}

/**
 * The four resolutions of an open report (spec §2, §6): reject, delete task, block reporter, block
 * creator, each after a confirmation, with an optional note for the audit log (and the ban's reason).
 * `onResolved` gets the resolved report; `onStale` asks the screen to load it again when the server
 * says it changed elsewhere ("Report Already Resolved").
 */
export function ResolveActions({
  report,
  onResolved,
  onStale,
}: {
  report: ReportDetail;
  onResolved: (report: ReportDetail) => void;
  onStale: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();

  const resolve = async (resolution: ReportResolution, body: ResolveReportRequest) => {
    // "Report resolved" with what happened (spec §8).
    const outcome = await run(
      () => reportsApi.resolve(report.id, resolution, body),
      { heading: "report.resolved", body: `report.done.${resolution}` },
      resolutionFailure,
    );
    if (outcome.ok) {
      setNote("");
      onResolved(outcome.value);
    } else if (outcome.reload) onStale();
  };

  const ask = (resolution: ReportResolution) => {
    const reason = note.trim();
    const body: ResolveReportRequest = reason ? { reason } : {};
    const errors = fieldErrors(body, ResolveReportRequest);
    setNoteError(errors.reason ? ruleMessage(tr, errors.reason, t("report.note")) : null);
    if (errors.reason) return;
    confirmAction({
      ...resolutionQuestion(tr, report, resolution),
      onConfirm: () => void resolve(resolution, body),
    });
  };

  return (
    <section
      className="detail-card detail-wide report-resolve"
      aria-labelledby="report-resolve-title"
      aria-busy={busy}
    >
      <h2 id="report-resolve-title">{t("report.section.resolve")}</h2>
      <FormField id="report-note" label={t("report.note")} error={noteError}>
        {(props) => (
          <textarea
            {...props}
            name="reason"
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>
      <p className="subtle-cell report-note">{t("report.noteHint")}</p>
      <div className="page-actions">
        {resolutionButtons.map(({ resolution, label, needs }) => (
          <Button
            key={resolution}
            variant={resolution === "REJECT" ? undefined : "secondary"}
            className={resolution === "REJECT" ? undefined : "button-danger"}
            disabled={busy || (needs !== undefined && !report[needs])}
            onClick={() => ask(resolution)}
          >
            {t(label)}
          </Button>
        ))}
      </div>
      <MissingPeople report={report} />
    </section>
  );
}
