import type { TaskSummary } from "../../shared/challenges-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";

const taskState = (task: TaskSummary): MessageId =>
  task.retired
    ? "challenge.task.retired"
    : task.enabled
      ? "challenge.task.enabled"
      : "challenge.task.disabled";

/** The challenge's tasks as the detail answer summarises them: kind, rewards (spec §1: Xp, Morphcoins, Fee), state. */
export function ChallengeTasks({ tasks }: { tasks: readonly TaskSummary[] }) {
  const { t, formatNumber } = useT();
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
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("challenge.task.title")}</th>
                  <th scope="col">{t("challenge.task.kind")}</th>
                  <th scope="col" className="numeric">
                    {t("challenge.task.xp")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("challenge.task.coins")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("challenge.task.fee")}
                  </th>
                  <th scope="col">{t("challenge.task.state")}</th>
                </tr>
              </thead>
              <tbody>
                {tasks.map((task) => (
                  <tr key={task.id} data-testid="challenge-task-row">
                    <td>{task.title}</td>
                    <td>{t(`challenge.taskKind.${task.kind}`)}</td>
                    <td className="numeric">{formatNumber(task.xp)}</td>
                    <td className="numeric">{formatNumber(task.coins)}</td>
                    <td className="numeric">{formatNumber(task.fee)}</td>
                    <td className={task.enabled && !task.retired ? undefined : "subtle-cell"}>
                      {t(taskState(task))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
