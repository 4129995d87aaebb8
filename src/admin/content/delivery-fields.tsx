import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { CheckboxField } from "./content-fields.tsx";
import type { DeliveredKind, DeliveryState } from "./delivery-state.ts";
import { ScheduleFields } from "./schedule-fields.tsx";
import { TargetingFields } from "./targeting-fields.tsx";

/** Whether and where a news post or survey is pushed to visitors, and to whom (delivery-state.ts). */
export function DeliveryFields({
  kind,
  delivery,
  errorOf,
  onChange,
}: {
  kind: DeliveredKind;
  delivery: DeliveryState;
  errorOf: (path: string, label: string) => string | null;
  onChange: (delivery: DeliveryState) => void;
}) {
  const { t } = useT();
  const set = (change: Partial<DeliveryState>) => onChange({ ...delivery, ...change });
  return (
    <section className="detail-card">
      <h2>{t("content.section.delivery")}</h2>
      <CheckboxField
        id="delivery-enabled"
        label={t(`content.field.deliver.${kind}`)}
        checked={delivery.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      {delivery.enabled && (
        <>
          <TargetingFields
            prefix="delivery"
            pageFilterType={delivery.pageFilterType}
            pageFilter={delivery.pageFilter}
            audience={delivery.audience}
            errorOf={(field, label) => errorOf(`delivery.${field}`, label)}
            onChange={set}
          />
          {kind === "surveys" && (
            <SelectField
              id="delivery-format"
              label={t("content.field.surveyFormat")}
              value={delivery.format}
              options={[
                { value: "survey", text: t("content.surveyFormat.survey") },
                { value: "survey_full", text: t("content.surveyFormat.survey_full") },
              ]}
              onChange={(format) => set({ format })}
            />
          )}
          <ScheduleFields
            prefix="delivery"
            schedule={delivery.schedule}
            errorOf={(field, label) => errorOf(`delivery.${field}`, label)}
            onChange={(schedule) => set({ schedule: { ...delivery.schedule, ...schedule } })}
          />
        </>
      )}
    </section>
  );
}
