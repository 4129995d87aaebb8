import { botStepTypes } from "../../shared/bots-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { RichTextEditor } from "../rich-text/rich-text-editor.tsx";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { type StepProblem, type StepState, type StepType, withType } from "./bot-form-state.ts";
import { BotStepButtons, type StepTarget } from "./bot-step-buttons.tsx";
import { BotStepProblems } from "./bot-step-problems.tsx";
import { BotStepQuestion } from "./bot-step-question.tsx";
import { BotStepTools } from "./bot-step-tools.tsx";

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Where a step can go next: the end of the chat, or any other step (by its number and kind). */
function stepTargets(t: Translate, steps: readonly StepState[], step: StepState): StepTarget[] {
  return [
    { value: "", text: t("bots.step.end") },
    ...steps.flatMap((other, at) =>
      other.id === step.id
        ? []
        : [
            {
              value: other.id,
              text: t("bots.step.goTo", { n: at + 1, summary: t(`bots.step.type.${other.type}`) }),
            },
          ],
    ),
  ];
}

/**
 * One step of the bot: its kind, its message (a rich text), and what it needs: the buttons and where
 * each goes, the question and its answer kind, or where the chat goes next.
 */
export function BotStepCard({
  step,
  index,
  steps,
  projectId,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  step: StepState;
  index: number;
  steps: readonly StepState[];
  projectId: string;
  problems: readonly StepProblem[];
  onChange(step: StepState): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { t } = useT();
  const n = index + 1;
  const prefix = `bot-step-${step.id}`;
  const targets = stepTargets(t, steps, step);
  const set = (change: Partial<StepState>) => onChange({ ...step, ...change });
  return (
    <li className="card bot-step" data-testid="bot-step" aria-labelledby={`${prefix}-heading`}>
      <header className="bot-step-head">
        <h3 id={`${prefix}-heading`}>{t("bots.step.heading", { n })}</h3>
        <BotStepTools n={n} count={steps.length} onMove={onMove} onRemove={onRemove} />
      </header>
      <SelectField
        id={`${prefix}-type`}
        label={t("bots.step.type")}
        value={step.type}
        options={botStepTypes.map((type) => ({ value: type, text: t(`bots.step.type.${type}`) }))}
        onChange={(type: StepType) => onChange(withType(step, type))}
      />
      <RichTextEditor
        id={`${prefix}-text`}
        label={t("bots.step.text", { n })}
        value={step.text}
        projectId={projectId}
        onChange={(text) => set({ text })}
      />
      {step.type === "buttons" && (
        <BotStepButtons
          prefix={prefix}
          buttons={step.buttons}
          targets={targets}
          required={problems.some((problem) => problem.kind === "required")}
          onChange={(buttons) => set({ buttons })}
        />
      )}
      {step.type === "collect" && (
        <BotStepQuestion
          prefix={prefix}
          field={step.field}
          onChange={(change) => set({ field: { ...step.field, ...change } })}
        />
      )}
      {(step.type === "message" || step.type === "collect") && (
        <SelectField
          id={`${prefix}-next`}
          label={t("bots.step.next")}
          value={step.next}
          options={targets}
          onChange={(next) => set({ next })}
        />
      )}
      {step.type === "handover" && <p className="subtle bot-hint">{t("bots.step.handoverHint")}</p>}
      <BotStepProblems problems={problems} n={n} />
    </li>
  );
}
