import { useT } from "../i18n/intl.ts";
import type { EditedOutboundType, OutboundFormState } from "./outbound-form-state.ts";
import { ScheduleFields } from "./schedule-fields.tsx";
import { scheduledTypes } from "./schedule-state.ts";
import { TargetingCard } from "./targeting-fields.tsx";
import type { ChangeOutboundForm } from "./use-outbound-form.ts";

/** On which pages and to whom the outbound shows and, for the kinds that are scheduled, when. */
export function OutboundAudienceSections({
  type,
  state,
  errorOf,
  change,
}: {
  type: EditedOutboundType;
  state: Pick<OutboundFormState, "pageFilterType" | "pageFilter" | "audience" | "schedule">;
  errorOf: (path: string, label: string) => string | null;
  change: ChangeOutboundForm;
}) {
  const { t } = useT();
  return (
    <>
      <TargetingCard
        prefix="content"
        pageFilterType={state.pageFilterType}
        pageFilter={state.pageFilter}
        audience={state.audience}
        errorOf={errorOf}
        onChange={(targeting) => change(targeting, Object.keys(targeting))}
      />
      {scheduledTypes.has(type) && (
        <section className="detail-card">
          <h2>{t("content.section.schedule")}</h2>
          <ScheduleFields
            prefix="content"
            schedule={state.schedule}
            errorOf={errorOf}
            onChange={(schedule) =>
              change({ schedule: { ...state.schedule, ...schedule } }, Object.keys(schedule))
            }
          />
        </section>
      )}
    </>
  );
}
