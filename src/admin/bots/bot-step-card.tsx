import { botFieldTypes, botStepTypes } from "../../shared/messenger-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { RichTextEditor } from "../rich-text/rich-text-editor.tsx";
import { Button } from "../shell/button.tsx";
import { InputField, SelectField, TextAreaField } from "../shell/form/form-inputs.tsx";
import {
  type FieldType,
  type StepProblem,
  type StepState,
  type StepType,
  withType,
} from "./bot-form-state.ts";

const maxButtons = 10;

/** What the messages of a step's problems say, with the step's number. */
export function problemText(
  t: (id: MessageId, values?: Record<string, string | number>) => string,
  problem: StepProblem,
  n: number,
) {
  return t(`bots.problem.${problem.kind}`, { step: n });
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
  const targets = [
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
  const set = (change: Partial<StepState>) => onChange({ ...step, ...change });
  const setField = (change: Partial<StepState["field"]>) => set({ field: { ...step.field, ...change } });
  return (
    <li className="card bot-step" data-testid="bot-step" aria-labelledby={`${prefix}-heading`}>
      <header className="bot-step-head">
        <h3 id={`${prefix}-heading`}>{t("bots.step.heading", { n })}</h3>
        <div className="bot-step-tools">
          <Button
            type="button"
            variant="tertiary"
            size="sm"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t("bots.step.moveUp", { n })}
          >
            ↑
          </Button>
          <Button
            type="button"
            variant="tertiary"
            size="sm"
            disabled={index === steps.length - 1}
            onClick={() => onMove(1)}
            aria-label={t("bots.step.moveDown", { n })}
          >
            ↓
          </Button>
          <Button
            type="button"
            variant="tertiary"
            size="sm"
            disabled={steps.length === 1}
            onClick={onRemove}
            aria-label={t("bots.step.remove", { n })}
          >
            ✕
          </Button>
        </div>
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
        <fieldset className="bot-buttons">
          <legend>{t("bots.step.type.buttons")}</legend>
          {step.buttons.map((button, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
            <div className="bot-button-row" key={at}>
              <InputField
                id={`${prefix}-button-${at}`}
                label={t("bots.button.label", { n: at + 1 })}
                value={button.label}
                maxLength={100}
                error={
                  button.label.trim() === "" && problems.some((problem) => problem.kind === "required")
                    ? t("bots.rule.required")
                    : null
                }
                onChange={(label) =>
                  set({ buttons: step.buttons.map((other, i) => (i === at ? { ...other, label } : other)) })
                }
              />
              <SelectField
                id={`${prefix}-button-${at}-next`}
                label={t("bots.button.next", { n: at + 1 })}
                value={button.next}
                options={targets}
                onChange={(next) =>
                  set({ buttons: step.buttons.map((other, i) => (i === at ? { ...other, next } : other)) })
                }
              />
              <Button
                type="button"
                variant="tertiary"
                size="sm"
                className="bot-button-remove"
                disabled={step.buttons.length === 1}
                aria-label={t("bots.button.remove", { n: at + 1 })}
                onClick={() => set({ buttons: step.buttons.filter((_, i) => i !== at) })}
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={step.buttons.length >= maxButtons}
            onClick={() => set({ buttons: [...step.buttons, { label: "", next: "" }] })}
          >
            {t("bots.button.add")}
          </Button>
        </fieldset>
      )}
      {step.type === "collect" && (
        <fieldset className="bot-field">
          <legend>{t("bots.step.type.collect")}</legend>
          <InputField
            id={`${prefix}-field-label`}
            label={t("bots.field.label")}
            value={step.field.label}
            maxLength={200}
            onChange={(label) => setField({ label })}
          />
          <div className="bot-form-row">
            <SelectField
              id={`${prefix}-field-type`}
              label={t("bots.field.type")}
              value={step.field.type}
              options={botFieldTypes.map((type) => ({ value: type, text: t(`bots.field.type.${type}`) }))}
              onChange={(type: FieldType) => setField({ type })}
            />
            <InputField
              id={`${prefix}-field-key`}
              label={t("bots.field.key")}
              value={step.field.key}
              maxLength={64}
              describedBy={`${prefix}-field-key-hint`}
              onChange={(key) => setField({ key })}
            />
          </div>
          <p className="subtle bot-hint" id={`${prefix}-field-key-hint`}>
            {t("bots.field.keyHint")}
          </p>
          {step.field.type === "choice" && (
            <TextAreaField
              id={`${prefix}-field-options`}
              label={t("bots.field.options")}
              value={step.field.options}
              rows={3}
              onChange={(options) => setField({ options })}
            />
          )}
        </fieldset>
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
      {problems.length > 0 && (
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
      )}
    </li>
  );
}
