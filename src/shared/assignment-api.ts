import { enums, type Infer, object, size, string } from "superstruct";

/**
 * Who works on what, as the support team sees it: the staff directory (one name per person), the
 * timeline of a report's or conversation's assignments, and the assignee's own notice of new work.
 *
 *   GET  /api/admin/staff                                   → StaffMember[] (the admins one can assign
 *                                                             to or mention, by display name)
 *   GET  /api/feedback/{id}/assignments                     → AssignmentEvent[] (oldest first)
 *   GET  /api/projects/{projectId}/conversations/{id}/assignments → AssignmentEvent[]
 *   GET  /api/admin/assignments/new                         → NewAssignment[] (given to the asking admin
 *                                                             by someone else or round robin, not opened
 *                                                             since; newest first, at most 20)
 *   POST /api/admin/assignments/seen  AssignmentSeen        → 204 (the asking admin has the item in front
 *                                                             of them; opening it does the same)
 *
 * Every change of assignee (a person in the dashboard or the API, one or in bulk, or round robin)
 * is stored as an AssignmentEvent and pushed to every staff socket (`assignment`); the new assignee's
 * own sockets also get `assigned-to-you` with their count, unless they took the work themselves. The
 * count is `AdminAlerts.assigned` (alerts-api.ts). An assignee who has not opened it after
 * `UNREAD_ALERT_MINUTES`, and has no admin screen open, finds it in the unread digest mail.
 *
 * The visitor sees the assignee of their conversation (display name and picture only) in
 * `Conversation.assignee` and the `conversation-assignee` push (conversations-api.ts).
 */

/** An admin as every screen names them: the display name (else the nickname), with the nickname beside. */
export interface StaffMember {
  id: string;
  /** The display name, or the nickname when there is none: what lists, toasts and timelines show. */
  name: string;
  /** The sign-in name, unique: what a mention (`@nickname`) is written with. */
  nickname: string;
  avatarUrl: string | null;
}

/** A person in an event; `name` as they are called now, or as they were when deleted ("" then). */
export interface StaffRef {
  id: string | null;
  name: string;
}

export const assignmentItemKinds = ["report", "conversation"] as const;
export type AssignmentItemKind = (typeof assignmentItemKinds)[number];

export interface AssignmentItem {
  kind: AssignmentItemKind;
  id: string;
  projectId: string;
}

/**
 * One change of assignee. `from` null: it was unassigned (an assignment); `to` null: it is now
 * (an unassignment); both set: a reassignment. `by` null: round robin gave it out.
 */
export interface AssignmentEvent {
  id: string;
  item: AssignmentItem;
  from: StaffRef | null;
  to: StaffRef | null;
  by: StaffRef | null;
  createdAt: string;
}

/** What the assignee is told: the event, what the item is, and how many new assignments wait for them. */
export interface NewAssignment {
  event: AssignmentEvent;
  /** `FB-12` for a report; "" for a conversation. */
  reference: string;
  /** The report's title or the conversation's subject, one line. */
  title: string;
}

export interface AssignedToYou extends NewAssignment {
  /** The assignee's new assignments not opened yet, this one included (`AdminAlerts.assigned`). */
  assigned: number;
  /** Other items the same change gave them (a bulk assignment): one push, not one per item. */
  alsoAssigned: number;
}

/** `POST /api/admin/assignments/seen`: the item the admin has open. */
export const AssignmentSeen = object({
  kind: enums(assignmentItemKinds),
  id: size(string(), 1, 128),
});
export type AssignmentSeen = Infer<typeof AssignmentSeen>;

/** Who answers a conversation, as its visitor sees them: nothing that is staff-only (no id, no nickname). */
export interface VisitorAssignee {
  name: string;
  avatarUrl: string | null;
}
