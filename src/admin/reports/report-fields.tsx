import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ReportDetail, UserContact } from "../../shared/reports-api.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { FieldList } from "../shell/detail/field-list.tsx";
import { taskKindLabel } from "./report-labels.ts";
import { ReportStatusBadge } from "./report-status-badge.tsx";

const userHref = (id: string) => `/dashboard/users/${encodeURIComponent(id)}`;

/** The reporter or the task creator: nickname (to their user screen) and e-mail, or why there is none. */
function PersonCard({
  title,
  person,
  testId,
  missing,
}: {
  title: MessageId;
  person: UserContact | null;
  testId: string;
  missing: ReactNode;
}) {
  const { t } = useT();
  if (!person) {
    return (
      <section className="detail-card" data-testid={testId}>
        <h2>{t(title)}</h2>
        {missing}
      </section>
    );
  }
  return (
    <div data-testid={testId}>
      <FieldList
        title={title}
        fields={[
          {
            label: "report.field.name",
            value: (
              <Link href={userHref(person.id)} className="table-link">
                {person.name}
              </Link>
            ),
          },
          { label: "report.field.email", value: person.email },
        ]}
      />
    </div>
  );
}

/** The task's state: deleted by a resolution, disabled while reports are open, or in play. */
function taskState(task: ReportDetail["task"]): MessageId {
  if (!task.exists) return "report.task.deleted";
  return task.enabled ? "report.task.enabled" : "report.task.disabled";
}

/** The spec's report information (§2): reason, comment, reported-at and the state. */
export function ReportInformation({ report }: { report: ReportDetail }) {
  const { t } = useT();
  return (
    <FieldList
      title="report.section.report"
      fields={[
        { label: "report.field.id", value: <code>{report.id}</code> },
        { label: "report.field.reason", value: t(`report.reason.${report.reason}`) },
        {
          label: "report.field.comment",
          value: report.comment ? (
            <p className="pre-wrap">{report.comment}</p>
          ) : (
            <span className="subtle-cell">{t("reports.noComment")}</span>
          ),
        },
        { label: "report.field.reportedAt", value: <DateTimeAgo value={report.reportedAt} /> },
        { label: "report.field.status", value: <ReportStatusBadge resolution={report.resolution} /> },
      ]}
    />
  );
}

/** The reported task: its type, title, challenge, whether it is still in play, and its ratings. */
export function ReportTaskCard({ task }: { task: ReportDetail["task"] }) {
  const { t, formatNumber } = useT();
  const kind = taskKindLabel(task.kind);
  return (
    <FieldList
      title="report.section.task"
      fields={[
        { label: "report.field.taskType", value: kind ? t(kind) : task.kind },
        { label: "report.field.taskTitle", value: task.title || t("report.untitled") },
        {
          label: "report.field.challenge",
          value: task.challengeId ? (
            <Link
              href={`/dashboard/challenges/${encodeURIComponent(task.challengeId)}`}
              className="table-link"
            >
              {task.challengeTitle ?? task.challengeId}
            </Link>
          ) : null,
        },
        {
          label: "report.field.taskState",
          value: (
            <span data-testid="task-state" className={task.exists ? undefined : "subtle-cell"}>
              {t(taskState(task))}
            </span>
          ),
        },
        // A deleted task has no id and no ratings left; the rows would only say "Not set".
        ...(task.id ? [{ label: "report.field.taskId" as const, value: <code>{task.id}</code> }] : []),
        ...(task.positiveRatings !== null && task.negativeRatings !== null
          ? [
              {
                label: "report.field.ratings" as const,
                value: t("report.value.ratings", {
                  positive: formatNumber(task.positiveRatings),
                  negative: formatNumber(task.negativeRatings),
                }),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The spec's reporter and task creator, side by side. */
export function ReportPeople({ report }: { report: ReportDetail }) {
  const { t } = useT();
  return (
    <div className="detail-grid">
      <PersonCard
        title="report.section.reporter"
        person={report.reporter}
        testId="report-reporter"
        missing={
          // Automatic only when the ratings rule filed it: a reporter deleted since is not "automatic".
          report.automatic ? (
            <>
              <p className="report-card-note">{t("report.reporter.automatic")}</p>
              <p className="subtle-cell report-card-note">{t("report.reporter.automaticHint")}</p>
            </>
          ) : (
            <p className="subtle-cell report-card-note">{t("report.reporter.deleted")}</p>
          )
        }
      />
      <PersonCard
        title="report.section.creator"
        person={report.creator}
        testId="report-creator"
        missing={<p className="subtle-cell report-card-note">{t("report.creator.none")}</p>}
      />
    </div>
  );
}
