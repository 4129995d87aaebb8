import { botFieldTypes } from "../../shared/bots-api.ts";
import { useT } from "../i18n/intl.ts";
import { InputField, SelectField, TextAreaField } from "../shell/form/form-inputs.tsx";
import type { FieldType, StepState } from "./bot-form-state.ts";

/** What a collecting step asks: the question, the answer's kind and key, and a choice's options. */
export function BotStepQuestion({
  prefix,
  field,
  onChange,
}: {
  /** The start of the step's ids. */
  prefix: string;
  field: StepState["field"];
  onChange(change: Partial<StepState["field"]>): void;
}) {
  const { t } = useT();
  return (
    <fieldset className="bot-field">
      <legend>{t("bots.step.type.collect")}</legend>
      <InputField
        id={`${prefix}-field-label`}
        label={t("bots.field.label")}
        value={field.label}
        maxLength={200}
        onChange={(label) => onChange({ label })}
      />
      <div className="bot-form-row">
        <SelectField
          id={`${prefix}-field-type`}
          label={t("bots.field.type")}
          value={field.type}
          options={botFieldTypes.map((type) => ({ value: type, text: t(`bots.field.type.${type}`) }))}
          onChange={(type: FieldType) => onChange({ type })}
        />
        <InputField
          id={`${prefix}-field-key`}
          label={t("bots.field.key")}
          value={field.key}
          maxLength={64}
          describedBy={`${prefix}-field-key-hint`}
          onChange={(key) => onChange({ key })}
        />
      </div>
      <p className="subtle bot-hint" id={`${prefix}-field-key-hint`}>
        {t("bots.field.keyHint")}
      </p>
      {field.type === "choice" && (
        <TextAreaField
          id={`${prefix}-field-options`}
          label={t("bots.field.options")}
          value={field.options}
          rows={3}
          onChange={(options) => onChange({ options })}
        />
      )}
    </fieldset>
  );
}
