import { outboundFrequencies, outboundPriorityRange } from "../../shared/outbound-api.ts";
import { useT } from "../i18n/intl.ts";
import { InputField, SelectField, WholeNumberField } from "../shell/form/form-inputs.tsx";
import type { ScheduleState } from "./schedule-state.ts";

type ScheduleField = keyof ScheduleState;

/**
 * The priority, frequency, start and end of content that queues or repeats (schedule-state.ts).
 * `prefix` keeps the ids apart where a screen has two sets of delivery fields.
 */
export function ScheduleFields({
  prefix,
  schedule,
  errorOf,
  onChange,
}: {
  prefix: string;
  schedule: ScheduleState;
  errorOf: (field: ScheduleField, label: string) => string | null;
  onChange: (change: Partial<ScheduleState>) => void;
}) {
  const { t } = useT();
  const label = {
    priority: t("content.field.priority"),
    frequency: t("content.field.frequency"),
    startsAt: t("content.field.startsAt"),
    endsAt: t("content.field.endsAt"),
  };
  const hint = (field: ScheduleField) => `${prefix}-${field}-hint`;
  return (
    <div className="schedule-fields">
      <div className="form-row">
        <div>
          <WholeNumberField
            id={`${prefix}-priority`}
            label={label.priority}
            value={schedule.priority}
            min={outboundPriorityRange.min}
            max={outboundPriorityRange.max}
            describedBy={hint("priority")}
            error={errorOf("priority", label.priority)}
            onChange={(priority) => onChange({ priority })}
          />
          <span className="field-hint subtle" id={hint("priority")}>
            {t("content.field.priorityHint", outboundPriorityRange)}
          </span>
        </div>
        <SelectField
          id={`${prefix}-frequency`}
          label={label.frequency}
          value={schedule.frequency}
          error={errorOf("frequency", label.frequency)}
          options={outboundFrequencies.map((value) => ({ value, text: t(`content.frequency.${value}`) }))}
          onChange={(frequency) => onChange({ frequency })}
        />
      </div>
      <div className="form-row">
        {(["startsAt", "endsAt"] as const).map((field) => (
          <div key={field}>
            <InputField
              id={`${prefix}-${field}`}
              type="datetime-local"
              label={label[field]}
              value={schedule[field]}
              describedBy={hint(field)}
              error={errorOf(field, label[field])}
              onChange={(value) => onChange({ [field]: value })}
            />
            <span className="field-hint subtle" id={hint(field)}>
              {t(`content.field.${field}Hint`)}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
