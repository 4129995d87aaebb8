import type { SQL } from "bun";
import type { StaffRole } from "../../shared/team-api.ts";

/**
 * What a signed-in staff member may see: their role, and the widget projects they work in. Owners and
 * admins see every project (`projectIds` null); an agent only the projects they are a member of.
 */
export interface StaffAccess {
  role: StaffRole;
  projectIds: readonly string[] | null;
}

/** The projects a staff member belongs to, in a stable order. */
export async function memberProjectIds(sql: SQL, userId: string): Promise<string[]> {
  const rows = (await sql`SELECT project_id FROM staff_project_members
    WHERE user_id = ${userId} ORDER BY project_id`) as Array<{ project_id: string }>;
  return rows.map((row) => row.project_id);
}

/** Reads the access of a staff account whose role is known (one query, for agents only). */
export async function readStaffAccess(sql: SQL, userId: string, role: StaffRole): Promise<StaffAccess> {
  return { role, projectIds: role === "agent" ? await memberProjectIds(sql, userId) : null };
}

/** Whether `access` reaches project `projectId`. */
export function seesProject(access: StaffAccess, projectId: string): boolean {
  return access.projectIds === null || access.projectIds.includes(projectId);
}
