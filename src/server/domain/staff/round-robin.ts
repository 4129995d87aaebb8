import type { SQL } from "bun";
import { recordAssignments } from "./assignment-events.ts";

/**
 * Round-robin auto-assignment: a project with `auto_assign` on gives each new
 * conversation and report to the next available admin (enabled, role ADMIN, `available` on their
 * profile) after the one whose turn it was last, in the fixed order of their ids, wrapping round. Conversations and reports share one turn, so the work is shared out evenly in total.
 *
 * One UPDATE moves the turn and answers it: the row lock makes concurrent creations of one project
 * take turns on both engines, so two at once never land on the same admin while another waits.
 */
export interface Assignee {
  id: string;
  name: string;
}

/** The next admin in turn (the turn is taken), or null when nobody is available. Call it in a transaction. */
export async function takeNextAssignee(tx: SQL, projectId: string): Promise<Assignee | null> {
  // Agents take turns only in the projects they are members of.
  const candidates = tx`FROM users u WHERE u.role = ${"ADMIN"} AND u.enabled = ${true} AND u.available = ${true}
    AND (u.staff_role IS NULL OR u.staff_role <> ${"agent"} OR EXISTS (SELECT 1 FROM staff_project_members m
      WHERE m.user_id = u.id AND m.project_id = ${projectId}))`;
  const [turn] = await tx`UPDATE widget_projects SET auto_assign_last_user_id = COALESCE(
      (SELECT min(u.id) ${candidates} AND u.id > COALESCE(widget_projects.auto_assign_last_user_id, ${""})),
      (SELECT min(u.id) ${candidates}))
    WHERE id = ${projectId} RETURNING auto_assign_last_user_id`;
  const id = (turn as { auto_assign_last_user_id: string | null } | undefined)?.auto_assign_last_user_id;
  if (!id) return null;
  const [user] = await tx`SELECT id, COALESCE(display_name, name) AS name FROM users WHERE id = ${id}`;
  return (user as Assignee | undefined) ?? null;
}

/** The table of each kind of work round robin hands out. */
const assignedTables = { report: "feedback_reports", conversation: "conversations" } as const;

/** Gives a new report or conversation to the next admin in turn; the assignee, or null when nobody is available. */
async function autoAssign(
  tx: SQL,
  kind: keyof typeof assignedTables,
  projectId: string,
  id: string,
): Promise<Assignee | null> {
  const assignee = await takeNextAssignee(tx, projectId);
  if (!assignee) return null;
  await tx`UPDATE ${tx.unsafe(assignedTables[kind])} SET assignee_id = ${assignee.id} WHERE id = ${id}`;
  // The item's timeline and the assignee's notice: given by round robin (nobody).
  await recordAssignments(tx, [{ kind, id, projectId, assigneeId: null }], assignee.id, null);
  return assignee;
}

/** Gives a new report to the next admin in turn; the assignee, or null when nobody is available. */
export const autoAssignReport = (tx: SQL, projectId: string, reportId: string): Promise<Assignee | null> =>
  autoAssign(tx, "report", projectId, reportId);

/** Gives a new conversation to the next admin in turn; the assignee, or null when nobody is available. */
export const autoAssignConversation = (
  tx: SQL,
  projectId: string,
  conversationId: string,
): Promise<Assignee | null> => autoAssign(tx, "conversation", projectId, conversationId);
