import type { TaskSummary } from "../../shared/challenges-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";

const taskState = (task: TaskSummary): MessageId =>
  task.retired
    ? "challenge.task.retired"
    : task.enabled
      ? "challenge.task.enabled"
      : "challenge.task.disabled";

const taskRow = () => ({ "data-testid": "challenge-task-row" });

const taskColumns = ({ t, formatNumber }: Translator): ListColumn<TaskSummary>[] => [
  { label: "challenge.task.title", cell: (task) => task.title },
  { label: "challenge.task.kind", cell: (task) => t(`challenge.taskKind.${task.kind}`) },
  { label: "challenge.task.xp", numeric: true, cell: (task) => formatNumber(task.xp) },
  { label: "challenge.task.coins", numeric: true, cell: (task) => formatNumber(task.coins) },
  { label: "challenge.task.fee", numeric: true, cell: (task) => formatNumber(task.fee) },
  {
    label: "challenge.task.state",
    className: (task) => (task.enabled && !task.retired ? undefined : "subtle-cell"),
    cell: (task) => t(taskState(task)),
  },
];

/** The challenge's tasks as the detail answer summarises them: kind, rewards (spec §1: Xp, Morphcoins, Fee), state. */
export function ChallengeTasks({ tasks }: { tasks: readonly TaskSummary[] }) {
  const tr = useT();
  const { t, formatNumber } = tr;
  const sum = (pick: (task: TaskSummary) => number) => tasks.reduce((total, task) => total + pick(task), 0);
  return (
    <section className="detail-card detail-wide" data-testid="challenge-tasks">
      <h2>{t("challenge.section.tasks")}</h2>
      {tasks.length === 0 ? (
        <p className="subtle-cell">{t("challenge.tasks.empty")}</p>
      ) : (
        <>
          <p className="subtle task-totals">
            {t("challenge.tasks.summary", {
              count: tasks.length,
              xp: formatNumber(sum((task) => task.xp)),
              coins: sum((task) => task.coins),
            })}
          </p>
          <RecordTable rows={tasks} columns={taskColumns(tr)} labelled={false} rowProps={taskRow} />
        </>
      )}
    </section>
  );
}
