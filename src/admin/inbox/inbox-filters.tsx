import { reportPriorities } from "../../shared/feedback-api.ts";
import { reportStatuses } from "../../shared/inbox-api.ts";
import type { AdminProject } from "../../shared/projects-api.ts";
import { FilterSelect } from "../shell/list/filter-select.tsx";
import {
  choice,
  type DeclaredFilter,
  type FilteredList,
  filterElement,
  only,
} from "../shell/list/list-filters.tsx";
import { priorityLabel, statusLabel, typeLabel } from "./inbox-labels.ts";
import { type InboxListQuery, inboxReportTypes, unassignedFilter } from "./inbox-list-query.ts";
import { InboxTagFilter } from "./inbox-tag-filter.tsx";

/**
 * Status (opens on Open; Spam only when chosen), type, priority, project (when there is more than
 * one), the assignee views (anyone, mine, nobody's yet), a tag and "unread only"; Reset goes back to
 * the open reports.
 */
export function inboxFilters(
  list: FilteredList<InboxListQuery>,
  projects: readonly AdminProject[],
  myId: string | null,
): DeclaredFilter<InboxListQuery>[] {
  const { query, change } = list;
  return [
    choice(
      "status",
      "inbox.column.status",
      reportStatuses,
      (status) => statusLabel(status) ?? "inbox.status.OPEN",
    ),
    choice("type", "inbox.column.type", inboxReportTypes, (type) => typeLabel(type) ?? "inbox.type.BUG"),
    choice(
      "priority",
      "inbox.column.priority",
      reportPriorities,
      (priority) => priorityLabel(priority) ?? "inbox.priority.LOW",
    ),
    filterElement(
      "projectId",
      (projects.length > 1 || query.projectId) && (
        <FilterSelect
          name="projectId"
          label="inbox.filter.project"
          value={query.projectId}
          options={projects.map((project) => ({ value: project.id, text: project.name }))}
          onChange={(projectId) => change({ projectId })}
        />
      ),
    ),
    filterElement(
      "assigneeId",
      myId && (
        <FilterSelect
          name="assigneeId"
          label="inbox.filter.assignee"
          value={query.assigneeId === myId || query.assigneeId === unassignedFilter ? query.assigneeId : ""}
          options={[
            { value: myId, label: "inbox.filter.assignedToMe" },
            { value: unassignedFilter, label: "inbox.filter.unassigned" },
          ]}
          onChange={(assigneeId) => change({ assigneeId })}
        />
      ),
    ),
    filterElement("tag", <InboxTagFilter value={query.tag} onChange={(tag) => change({ tag })} />),
    only("unread", "inbox.filter.read", "inbox.filter.unreadOnly"),
  ];
}
