import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import {
  type BotFormState,
  moveStep,
  newStep,
  removeStep,
  type StepProblem,
  type StepState,
} from "./bot-form-state.ts";
import { BotStepCard } from "./bot-step-card.tsx";

/** The bot's steps in order, each a card with its own problems, and the button that adds a message step. */
export function BotStepsSection({
  steps,
  projectId,
  problems,
  update,
}: {
  steps: readonly StepState[];
  projectId: string;
  problems: readonly StepProblem[];
  update(change: (current: BotFormState) => BotFormState): void;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="bot-steps-title" className="bot-steps">
      <h2 id="bot-steps-title">{t("bots.stepsTitle")}</h2>
      <p className="subtle">{t("bots.stepsHint")}</p>
      <ol className="bot-step-list">
        {steps.map((step, index) => (
          <BotStepCard
            key={step.id}
            step={step}
            index={index}
            steps={steps}
            projectId={projectId}
            problems={problems.filter((problem) => problem.stepId === step.id)}
            onChange={(next) =>
              update((current) => ({
                ...current,
                steps: current.steps.map((other) => (other.id === step.id ? next : other)),
              }))
            }
            onMove={(by) => update((current) => moveStep(current, index, by))}
            onRemove={() => update((current) => removeStep(current, index))}
          />
        ))}
      </ol>
      <Button
        type="button"
        variant="secondary"
        disabled={steps.length >= 100}
        onClick={() =>
          update((current) => ({
            ...current,
            steps: [...current.steps, newStep(current.steps, "message")],
          }))
        }
      >
        {t("bots.step.add")}
      </Button>
    </section>
  );
}
