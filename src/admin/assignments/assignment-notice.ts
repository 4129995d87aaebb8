import type { AssignmentEvent, AssignmentItem } from "../../shared/assignment-api.ts";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { oneLine } from "../alerts/alert-notice.ts";
import { conversationHref } from "../conversations/conversation-paths.ts";
import type { MessageId } from "../i18n/en-US.ts";
import type { Values } from "../i18n/intl.ts";
import { inboxReportHref } from "../inbox/inbox-paths.ts";

/** Where an item is in the dashboard: the report's page, or the conversation in its project's inbox. */
export const itemHref = (item: AssignmentItem): string =>
  item.kind === "report" ? inboxReportHref(item.id) : conversationHref(item.projectId, item.id);

/** A text to say, by id and values: the toast's heading and the timeline's lines are made of these. */
export interface Said {
  id: MessageId;
  values?: Values;
}

/** What the assignee's toast says: who gave what, a line of it, where it is. */
export interface AssignmentNotice {
  heading: Said;
  body: string;
  /** Other items given by the same change ("And 2 more items"), 0 for one. */
  more: number;
  href: string;
}

/**
 * The toast of work given to this admin, or null: for any other push, and on the item's own page,
 * where the change is in front of them (the caller marks it seen instead). Someone deleted since
 * gave it: `formerAdmin`, the caller's translation.
 */
export function assignmentNoticeFor(
  push: StaffPush,
  path: string,
  formerAdmin: string,
): AssignmentNotice | null {
  if (push.name !== "assigned-to-you") return null;
  const { event, reference, title, alsoAssigned } = push.data;
  const href = itemHref(event.item);
  if (path === href) return null;
  const report = event.item.kind === "report";
  const heading: Said = event.by
    ? {
        id: report ? "assignments.toast.report" : "assignments.toast.conversation",
        values: { by: event.by.name || formerAdmin, reference },
      }
    : {
        id: report ? "assignments.toast.roundRobinReport" : "assignments.toast.roundRobinConversation",
        values: { reference },
      };
  return { heading, body: oneLine(title), more: Math.max(0, alsoAssigned), href };
}

/** The `assigned-to-you` push this is, if it is one for the page at `path` (it is then seen there). */
export function assignedHere(push: StaffPush, path: string): AssignmentItem | null {
  return push.name === "assigned-to-you" && itemHref(push.data.event.item) === path
    ? push.data.event.item
    : null;
}

/**
 * One line of an item's timeline: assigned, taken, reassigned, unassigned, or given in turn. A person
 * deleted since, with no name kept, is "a former admin" (`formerAdmin`, the caller's translation).
 */
export function timelineLine(event: AssignmentEvent, formerAdmin: string): Said {
  const name = (ref: { name: string } | null) => ref?.name || formerAdmin;
  if (!event.by) return { id: "assignments.event.roundRobin", values: { to: name(event.to) } };
  const by = name(event.by);
  if (!event.to) return { id: "assignments.event.unassigned", values: { by, from: name(event.from) } };
  if (event.from)
    return { id: "assignments.event.reassigned", values: { by, from: name(event.from), to: name(event.to) } };
  if (event.by.id !== null && event.by.id === event.to.id)
    return { id: "assignments.event.took", values: { by } };
  return { id: "assignments.event.assigned", values: { by, to: name(event.to) } };
}
