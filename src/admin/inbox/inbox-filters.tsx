import { reportPriorities } from "../../shared/feedback-api.ts";
import { reportStatuses } from "../../shared/inbox-api.ts";
import type { AdminProject } from "../../shared/messenger-api.ts";
import { FilterSelect } from "../shell/list/filter-select.tsx";
import { ChoiceFilter, ListFilters } from "../shell/list/list-filters.tsx";
import { priorityLabel, statusLabel, typeLabel } from "./inbox-labels.ts";
import { type InboxListQuery, inboxListUrl, inboxReportTypes } from "./inbox-list-query.ts";

type FilterChange = Partial<
  Pick<InboxListQuery, "status" | "type" | "priority" | "projectId" | "assigneeId" | "unread">
>;

/**
 * Status (opens on Open), type, priority, project (when there is more than one), "assigned to me" and
 * "unread only"; Reset goes back to the open reports.
 */
export function InboxFilters({
  query,
  projects,
  myId,
  onChange,
  onReset,
}: {
  query: InboxListQuery;
  projects: readonly AdminProject[];
  myId: string | null;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const defaults = inboxListUrl.defaults;
  const active = Boolean(
    query.q ||
      query.status !== defaults.status ||
      query.type ||
      query.priority ||
      query.projectId ||
      query.assigneeId ||
      query.unread,
  );
  return (
    <ListFilters active={active} onReset={onReset}>
      <ChoiceFilter
        name="status"
        label="inbox.column.status"
        value={query.status}
        values={reportStatuses}
        optionLabel={(status) => statusLabel(status) ?? "inbox.status.OPEN"}
        onChange={(status) => onChange({ status })}
      />
      <ChoiceFilter
        name="type"
        label="inbox.column.type"
        value={query.type}
        values={inboxReportTypes}
        optionLabel={(type) => typeLabel(type) ?? "inbox.type.BUG"}
        onChange={(type) => onChange({ type })}
      />
      <ChoiceFilter
        name="priority"
        label="inbox.column.priority"
        value={query.priority}
        values={reportPriorities}
        optionLabel={(priority) => priorityLabel(priority) ?? "inbox.priority.LOW"}
        onChange={(priority) => onChange({ priority })}
      />
      {(projects.length > 1 || query.projectId) && (
        <FilterSelect
          name="projectId"
          label="inbox.filter.project"
          value={query.projectId}
          options={projects.map((project) => ({ value: project.id, text: project.name }))}
          onChange={(projectId) => onChange({ projectId })}
        />
      )}
      {myId && (
        <FilterSelect
          name="assigneeId"
          label="inbox.filter.assignee"
          value={query.assigneeId === myId ? myId : ""}
          options={[{ value: myId, label: "inbox.filter.assignedToMe" }]}
          onChange={(assigneeId) => onChange({ assigneeId })}
        />
      )}
      <FilterSelect
        name="unread"
        label="inbox.filter.read"
        value={query.unread ? "true" : ""}
        options={[{ value: "true", label: "inbox.filter.unreadOnly" }]}
        onChange={(value) => onChange({ unread: value === "true" })}
      />
    </ListFilters>
  );
}
