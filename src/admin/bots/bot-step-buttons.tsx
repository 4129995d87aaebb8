import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { InputField, SelectField } from "../shell/form/form-inputs.tsx";
import type { ButtonState } from "./bot-form-state.ts";
import { BotToolButton } from "./bot-step-tools.tsx";

const maxButtons = 10;

/** Where a button or a step can lead: the end of the chat or another step. */
export type StepTarget = { value: string; text: string };

/**
 * The buttons a step offers and the step each leads to: up to ten, at least one. An empty label shows
 * as required once the step has that problem (`required`).
 */
export function BotStepButtons({
  prefix,
  buttons,
  targets,
  required,
  onChange,
}: {
  /** The start of the step's ids. */
  prefix: string;
  buttons: readonly ButtonState[];
  targets: readonly StepTarget[];
  required: boolean;
  onChange(buttons: ButtonState[]): void;
}) {
  const { t } = useT();
  const setButton = (at: number, change: Partial<ButtonState>) =>
    onChange(buttons.map((other, i) => (i === at ? { ...other, ...change } : other)));
  return (
    <fieldset className="bot-buttons">
      <legend>{t("bots.step.type.buttons")}</legend>
      {buttons.map((button, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
        <div className="bot-button-row" key={at}>
          <InputField
            id={`${prefix}-button-${at}`}
            label={t("bots.button.label", { n: at + 1 })}
            value={button.label}
            maxLength={100}
            error={button.label.trim() === "" && required ? t("bots.rule.required") : null}
            onChange={(label) => setButton(at, { label })}
          />
          <SelectField
            id={`${prefix}-button-${at}-next`}
            label={t("bots.button.next", { n: at + 1 })}
            value={button.next}
            options={targets}
            onChange={(next) => setButton(at, { next })}
          />
          <BotToolButton
            className="bot-button-remove"
            disabled={buttons.length === 1}
            aria-label={t("bots.button.remove", { n: at + 1 })}
            onClick={() => onChange(buttons.filter((_, i) => i !== at))}
          >
            ✕
          </BotToolButton>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={buttons.length >= maxButtons}
        onClick={() => onChange([...buttons, { label: "", next: "" }])}
      >
        {t("bots.button.add")}
      </Button>
    </fieldset>
  );
}
