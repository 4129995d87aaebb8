import { useCallback, useEffect, useState } from "react";
import type { AssignmentEvent, AssignmentItem } from "../../shared/assignment-api.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { timelineLine } from "./assignment-notice.ts";
import assignmentsCss from "./assignments.css" with { type: "text" };
import { assignmentsApi } from "./assignments-api.ts";
import { withEvent } from "./timeline-order.ts";
import "./assignment-texts.ts";

adoptStyles(assignmentsCss);

/**
 * An item's assignments, oldest first: read when it opens, then live from the staff socket
 * (`assignment`), read again after the socket was away. Empty until read, and when reading failed:
 * the timeline is a help beside the item, never in its way.
 */
export function useAssignmentTimeline({ kind, id, projectId }: AssignmentItem): readonly AssignmentEvent[] {
  const [events, setEvents] = useState<readonly AssignmentEvent[]>([]);
  const load = useCallback(() => {
    assignmentsApi.timeline({ kind, id, projectId }).then(setEvents, () => undefined);
  }, [kind, id, projectId]);
  useEffect(() => {
    setEvents([]);
    load();
  }, [load]);
  useStaffPush((push) => {
    if (push.name === "assignment" && push.data.item.kind === kind && push.data.item.id === id)
      setEvents((current) => withEvent(current, push.data));
  }, load);
  return events;
}

/** One change of assignee: who did what, and when. */
export function AssignmentLine({ event }: { event: AssignmentEvent }) {
  const { t } = useT();
  const said = timelineLine(event, t("assignments.formerAdmin"));
  return (
    <li className="assignment-line" data-testid="assignment-line">
      <span>{t(said.id, said.values)}</span>
      <span aria-hidden="true">·</span>
      <TimeAgo value={event.createdAt} />
    </li>
  );
}

/** A report's assignments under its assignee choice; nothing while it has none. */
export function AssignmentHistory({ item }: { item: AssignmentItem }) {
  const { t } = useT();
  const events = useAssignmentTimeline(item);
  if (events.length === 0) return null;
  return (
    <ol className="assignment-history" aria-label={t("assignments.history")} data-testid="assignment-history">
      {events.map((event) => (
        <AssignmentLine key={event.id} event={event} />
      ))}
    </ol>
  );
}
