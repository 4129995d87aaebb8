import { taskKinds } from "../../shared/challenges-api.ts";
import { reportReasons } from "../../shared/reports-api.ts";
import { ChoiceFilter, ListFilters } from "../shell/list/list-filters.tsx";
import { type ReportListQuery, reportListUrl, reportStates } from "./report-list-query.ts";

type FilterChange = Partial<Pick<ReportListQuery, "state" | "reason" | "taskKind">>;

/**
 * Status, reason and task type filters (README: `GET /api/reports` `state`, `reason`, `taskKind`). The
 * status opens on "Open"; "Any" shows every state, and Reset goes back to the open reports.
 */
export function ReportFilters({
  query,
  onChange,
  onReset,
}: {
  query: ReportListQuery;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  return (
    <ListFilters
      active={Boolean(
        query.q || query.state !== reportListUrl.defaults.state || query.reason || query.taskKind,
      )}
      onReset={onReset}
    >
      <ChoiceFilter
        name="state"
        label="reports.filter.state"
        value={query.state}
        values={reportStates}
        optionLabel={(state) => `report.state.${state}`}
        onChange={(state) => onChange({ state })}
      />
      <ChoiceFilter
        name="reason"
        label="reports.filter.reason"
        value={query.reason}
        values={reportReasons}
        optionLabel={(reason) => `report.reason.${reason}`}
        onChange={(reason) => onChange({ reason })}
      />
      <ChoiceFilter
        name="taskKind"
        label="reports.filter.taskKind"
        value={query.taskKind}
        values={taskKinds}
        optionLabel={(kind) => `report.taskKind.${kind}`}
        onChange={(taskKind) => onChange({ taskKind })}
      />
    </ListFilters>
  );
}
