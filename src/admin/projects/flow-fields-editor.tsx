import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { CheckField } from "../shell/form/check-field.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { type EntryMoves, MoveRemoveButtons } from "../shell/form/move-remove-buttons.tsx";
import {
  emptyFlowField,
  type FlowFieldForm,
  flowCaptureTypes,
  flowFieldTypes,
  flowLimits,
  freshFieldKey,
  moveField,
} from "./flow-form-state.ts";

/**
 * The flow's fields in the order the messenger shows them: type, form-data key, label, placeholder,
 * required; a select's options one a line, a capture field's kind. Rows move up and down and go.
 */
export function FlowFieldsEditor({
  fields,
  errorOf,
  onChange,
}: {
  fields: FlowFieldForm[];
  errorOf: (path: string, label: string) => string | null;
  /** `paths`: the refusals the change answers (every row's, when rows move). */
  onChange: (fields: FlowFieldForm[], paths: string[]) => void;
}) {
  const { t } = useT();
  const everyPath = () =>
    fields.flatMap((_, index) =>
      ["key", "label", "placeholder", "options"].map((name) => `fields.${index}.${name}`),
    );
  const changeAt = (index: number, field: Partial<FlowFieldForm>) =>
    onChange(
      fields.map((current, at) => (at === index ? { ...current, ...field } : current)),
      Object.keys(field).map((name) => `fields.${index}.${name}`),
    );
  const add = () =>
    onChange([...fields, { ...emptyFlowField(fields.length), key: freshFieldKey(fields) }], ["fields"]);

  return (
    <div className="flow-fields">
      {fields.map((field, index) => (
        <FlowFieldRow
          // Rows have no id of their own; errors are keyed by place as well.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          field={field}
          index={index}
          count={fields.length}
          errorOf={errorOf}
          onChange={(change) => changeAt(index, change)}
          onMove={(by) => onChange(moveField(fields, index, by), everyPath())}
          onRemove={() =>
            onChange(
              fields.filter((_, at) => at !== index),
              everyPath(),
            )
          }
        />
      ))}
      {errorOf("fields", t("flowForm.fields")) && (
        <p className="form-error field-error" id="flow-fields-error" data-invalid="true">
          {errorOf("fields", t("flowForm.fields"))}
        </p>
      )}
      <Button variant="secondary" size="sm" onClick={add} disabled={fields.length >= flowLimits.fields}>
        {t("flowForm.addField")}
      </Button>
    </div>
  );
}

/** A choice among fixed values (the field's type, a capture field's kind), with no error of its own. */
function ChoiceField<V extends string>({
  id,
  label,
  value,
  values,
  text,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  values: readonly V[];
  text: (value: V) => string;
  onChange: (value: V) => void;
}) {
  return (
    <FormField id={id} label={label} error={null}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value as V)}>
          {values.map((choice) => (
            <option key={choice} value={choice}>
              {text(choice)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The buttons that move field `number` of `count` up and down and remove it (the last one stays). */
function FieldRowButtons({ number, count, ...moves }: { number: number; count: number } & EntryMoves) {
  const { t } = useT();
  return (
    <MoveRemoveButtons
      className="row-buttons"
      index={number - 1}
      count={count}
      labels={{
        up: t("flowForm.moveUp", { number }),
        down: t("flowForm.moveDown", { number }),
        remove: t("flowForm.removeField", { number }),
      }}
      removeText={t("projectSettings.texts.removeShort")}
      removeClassName="danger-text"
      canRemove={count > 1}
      {...moves}
    />
  );
}

/** One field of the flow: its controls, the required box, and the buttons that move and remove it. */
function FlowFieldRow({
  field,
  index,
  count,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: {
  field: FlowFieldForm;
  index: number;
  count: number;
  errorOf: (path: string, label: string) => string | null;
  onChange: (change: Partial<FlowFieldForm>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  const at = (name: string) => `fields.${index}.${name}`;
  const label = (name: string) => t(`flowForm.field.${name}` as MessageId);
  const text = (name: "key" | "label" | "placeholder", extra: { spellCheck?: boolean } = {}) => (
    <FormField id={`flow-field-${index}-${name}`} label={label(name)} error={errorOf(at(name), label(name))}>
      {(props) => (
        <input
          {...props}
          {...extra}
          value={field[name]}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <fieldset className="flow-field" data-testid="flow-field">
      <legend>{t("flowForm.fieldNumber", { number: index + 1 })}</legend>
      <div className="form-row">
        <ChoiceField
          id={`flow-field-${index}-type`}
          label={label("type")}
          value={field.type}
          values={flowFieldTypes}
          text={(type) => t(`flowForm.type.${type}` as MessageId)}
          onChange={(type) => onChange({ type })}
        />
        {text("key", { spellCheck: false })}
        {text("label")}
        {text("placeholder")}
      </div>
      {field.type === "select" && (
        <FormField
          id={`flow-field-${index}-options`}
          label={label("options")}
          error={errorOf(at("options"), label("options"))}
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              placeholder={t("flowForm.optionsHint", { max: flowLimits.options })}
              value={field.options}
              onChange={(event) => onChange({ options: event.target.value })}
            />
          )}
        </FormField>
      )}
      {field.type === "capture" && (
        <ChoiceField
          id={`flow-field-${index}-capture`}
          label={label("captureType")}
          value={field.captureType}
          values={flowCaptureTypes}
          text={(type) => t(`flowForm.capture.${type}`)}
          onChange={(captureType) => onChange({ captureType })}
        />
      )}
      <div className="flow-field-actions">
        <CheckField
          id={`flow-field-${index}-required`}
          label={label("required")}
          checked={field.required}
          onChange={(required) => onChange({ required })}
        />
        <FieldRowButtons number={index + 1} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
    </fieldset>
  );
}
