import { taskKinds } from "../../shared/challenges-schemas.ts";
import { reportReasons } from "../../shared/reports-schemas.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FilterSelect } from "../shell/filter-select.tsx";
import { type ReportListQuery, reportStates } from "./report-list-query.ts";

type FilterChange = Partial<Pick<ReportListQuery, "state" | "reason" | "taskKind">>;

/** Status, reason and task type filters (README: `GET /api/reports` `state`, `reason`, `taskKind`). */
export function ReportFilters({
  query,
  onChange,
  onReset,
}: {
  query: ReportListQuery;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const { t } = useT();
  const active = query.q || query.state || query.reason || query.taskKind;
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t("list.filters")}</legend>
      <FilterSelect
        name="state"
        label="reports.filter.state"
        value={query.state ?? ""}
        options={reportStates.map((state) => ({ value: state, label: `report.state.${state}` }))}
        onChange={(value) => onChange({ state: (value || null) as ReportListQuery["state"] })}
      />
      <FilterSelect
        name="reason"
        label="reports.filter.reason"
        value={query.reason ?? ""}
        options={reportReasons.map((reason) => ({ value: reason, label: `report.reason.${reason}` }))}
        onChange={(value) => onChange({ reason: (value || null) as ReportListQuery["reason"] })}
      />
      <FilterSelect
        name="taskKind"
        label="reports.filter.taskKind"
        value={query.taskKind ?? ""}
        options={taskKinds.map((kind) => ({ value: kind, label: `report.taskKind.${kind}` }))}
        onChange={(value) => onChange({ taskKind: (value || null) as ReportListQuery["taskKind"] })}
      />
      {active && (
        <Button variant="tertiary" size="sm" onClick={onReset}>
          {t("list.reset")}
        </Button>
      )}
    </fieldset>
  );
}
