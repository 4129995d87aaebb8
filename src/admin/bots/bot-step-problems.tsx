import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import type { StepProblem } from "./bot-form-state.ts";

/** What the messages of a step's problems say, with the step's number. */
export function problemText(
  t: (id: MessageId, values?: Record<string, string | number>) => string,
  problem: StepProblem,
  n: number,
) {
  return t(`bots.problem.${problem.kind}`, { step: n });
}

/** What is wrong with step `n`: errors stop a save, an unreachable step is only a warning. */
export function BotStepProblems({ problems, n }: { problems: readonly StepProblem[]; n: number }) {
  const { t } = useT();
  if (problems.length === 0) return null;
  return (
    <ul className="bot-step-problems">
      {problems.map((problem) => (
        <li
          key={`${problem.kind}-${"target" in problem ? problem.target : ""}`}
          className={problem.kind === "unreachable" ? "bot-warning" : "form-error"}
        >
          {problemText(t, problem, n)}
        </li>
      ))}
    </ul>
  );
}
