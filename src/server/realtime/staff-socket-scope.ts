import type { SQL } from "bun";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { staffRoleOf } from "../auth/users-repository.ts";

/**
 * Which staff pushes a staff socket hears. Owners and admins see every project and share the staff
 * topic; an agent's socket joins one topic per project they are a member of instead, and the topic of
 * `reports-deleted` (ids only, no project). `pushToStaff` publishes each push to the staff topic and to
 * its project's topic, so an agent hears only their projects; a push naming no project other than
 * `reports-deleted` reaches owners and admins only.
 */
export const staffProjectTopic = (projectId: string): string => `staff-project:${projectId}`;
export const staffUnscopedTopic = "staff-unscoped";

/**
 * The project a push is about. Every push but `reports-deleted` (ids only) names one; the switch reads
 * it where each kind keeps it, so no push reaches every agent for want of a top-level `projectId`.
 */
export function projectOfPush(push: StaffPush): string | null {
  switch (push.name) {
    case "reports-deleted":
      return null;
    case "staff-note":
      return push.data.note.target.projectId;
    case "assignment":
      return push.data.item.projectId;
    case "assigned-to-you":
      return push.data.event.item.projectId;
    case "conversation-typing":
    case "conversation-status":
      return push.data.projectId ?? null;
    default:
      return push.data.projectId;
  }
}

/** The topics a socket of this scope joins beside its own (`null`: every project). */
export function scopedStaffTopics(staffTopic: string, projectIds: readonly string[] | null): string[] {
  if (projectIds === null) return [staffTopic];
  return [...projectIds.map(staffProjectTopic), staffUnscopedTopic];
}

/** A scope as one comparable text: "all", or the agent's project ids. */
export function scopeKey(projectIds: readonly string[] | null): string {
  return projectIds === null ? "all" : `projects:${[...projectIds].sort().join(",")}`;
}

/**
 * The scope each of `users` has now (role and memberships read again), for the socket watch: a socket
 * whose scope changed since it opened is closed, and the client reconnects with the new one.
 */
export async function currentScopeKeys(
  sql: SQL,
  users: ReadonlyArray<{ id: string; role: string; staffRole: string | null }>,
): Promise<Map<string, string>> {
  const scopes = new Map<string, string>();
  const agents = users.filter((user) => staffRoleOf(user.role, user.staffRole) === "agent");
  for (const user of users) scopes.set(user.id, scopeKey(null));
  if (agents.length === 0) return scopes;
  const rows = (await sql`SELECT user_id, project_id FROM staff_project_members
    WHERE user_id IN ${sql(agents.map((agent) => agent.id))}`) as Array<{
    user_id: string;
    project_id: string;
  }>;
  for (const agent of agents)
    scopes.set(
      agent.id,
      scopeKey(rows.filter((row) => row.user_id === agent.id).map((row) => row.project_id)),
    );
  return scopes;
}
