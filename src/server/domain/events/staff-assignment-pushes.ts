import type { SQL } from "bun";
import type { AssignmentEvent, AssignmentItemKind } from "../../../shared/assignment-api.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff, pushToStaffMember } from "../../realtime/staff-socket.ts";
import { findEvents, itemEvents, newAssignmentCount, noticeOfEvent } from "../staff/assignment-events.ts";
import { bestEffort } from "./best-effort.ts";
import type { RecordedAssignments } from "./domain-events.ts";

export interface StaffAssignmentDeps {
  sql: SQL;
  fanout: Fanout;
  logger: Logger;
}

/** The recorded events, everyone named as they are called now (read after the commit). */
function recordedEvents(sql: SQL, kind: AssignmentItemKind, assignments: RecordedAssignments) {
  return "newItemId" in assignments
    ? itemEvents(sql, kind, assignments.newItemId)
    : findEvents(sql, assignments.eventIds);
}

/** The new assignee's own push: the newest event of theirs, their count, and how many came with it. */
async function tellAssignee(deps: StaffAssignmentDeps, userId: string, events: AssignmentEvent[]) {
  const newest = events.at(-1);
  if (!newest) return;
  const notice = await noticeOfEvent(deps.sql, newest.id);
  if (!notice) return;
  const assigned = await newAssignmentCount(deps.sql, userId);
  await pushToStaffMember(deps.fanout, userId, {
    name: "assigned-to-you",
    data: { ...notice, assigned, alsoAssigned: events.length - 1 },
  });
}

/**
 * After a change of assignee committed: every admin page hears each event (`assignment`, for the
 * item's timeline); each new assignee who did not take the work themselves hears it on their own
 * sockets once per change (`assigned-to-you` with their count, and how many more items the same
 * change gave them). Each push on its own: a page that missed one reads the timeline again.
 */
export async function pushAssignments(
  deps: StaffAssignmentDeps,
  kind: AssignmentItemKind,
  assignments: RecordedAssignments,
): Promise<void> {
  if ("eventIds" in assignments && assignments.eventIds.length === 0) return;
  let events: AssignmentEvent[] = [];
  await bestEffort(deps.logger, "assignment", async () => {
    events = await recordedEvents(deps.sql, kind, assignments);
    for (const event of events) await pushToStaff(deps.fanout, { name: "assignment", data: event });
  });
  const given = new Map<string, AssignmentEvent[]>();
  for (const event of events) {
    const to = event.to?.id;
    if (!to || event.by?.id === to) continue;
    given.set(to, [...(given.get(to) ?? []), event]);
  }
  for (const [userId, theirs] of given)
    await bestEffort(deps.logger, "assigned-to-you", () => tellAssignee(deps, userId, theirs));
}
