import type { SQL } from "bun";
import { type StaffRole, type TeamMember, teamErrors } from "../../../shared/team-api.ts";
import { staffRoleOf } from "../../auth/users-repository.ts";
import { recordAudit, recordChange } from "../audit/audit-log.ts";
import { readSetting } from "../settings/settings-repository.ts";
import { ownerRuleRefusal } from "./owner-rules.ts";

/**
 * The team (src/shared/team-api.ts): the staff accounts with their roles and project memberships, and
 * the owners' and admins' changes to them. Each change runs in one transaction with its audit entry,
 * after locking the accounts involved in id order (as the users screen does), so concurrent changes
 * queue and the owner rules (owner-rules.ts) hold whatever runs at once.
 */

export interface TeamRefusal {
  status: 400 | 403 | 404 | 409;
  error: string;
  field?: string;
}

/** The workspace setting: staff accounts set up two-factor authentication with the account. */
export const mfaRequiredSetting = "staff_mfa_required";

export async function staffMfaRequired(sql: SQL): Promise<boolean> {
  return (await readSetting(sql, mfaRequiredSetting)) === "1";
}

export async function setStaffMfaRequired(sql: SQL, actorId: string, required: boolean): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`INSERT INTO settings (key, value) VALUES (${mfaRequiredSetting}, ${required ? "1" : "0"})
      ON CONFLICT (key) DO UPDATE SET value = ${required ? "1" : "0"}`;
    await recordChange(tx, actorId, "team.settings", "settings", mfaRequiredSetting, {
      mfaRequired: required,
    });
  });
}

interface MemberRow {
  id: string;
  name: string;
  display_name: string | null;
  email: string | null;
  role: string;
  staff_role: string | null;
  enabled: boolean | number;
  mfa_enabled: boolean | number;
  last_login_at: string | null;
}

async function membershipsOf(sql: SQL, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = (await sql`SELECT user_id, project_id FROM staff_project_members
    WHERE user_id IN ${sql([...userIds])} ORDER BY project_id`) as Array<{
    user_id: string;
    project_id: string;
  }>;
  for (const row of rows) byUser.get(row.user_id)?.push(row.project_id);
  return byUser;
}

const memberOf = (row: MemberRow, projectIds: string[]): TeamMember => ({
  id: row.id,
  name: row.name,
  displayName: row.display_name?.trim() || null,
  email: row.email,
  role: staffRoleOf(row.role, row.staff_role) ?? "admin",
  enabled: Boolean(row.enabled),
  mfaEnabled: Boolean(row.mfa_enabled),
  projectIds,
  lastLoginAt: row.last_login_at,
});

const roleOrder = `CASE COALESCE(staff_role, 'admin') WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

/** Every staff account: owners first, then admins, then agents, each by nickname. */
export async function listTeam(sql: SQL): Promise<TeamMember[]> {
  const rows = (await sql`SELECT id, name, display_name, email, role, staff_role, enabled, mfa_enabled,
      last_login_at FROM users WHERE role = 'ADMIN'
    ORDER BY ${sql.unsafe(roleOrder)}, name_key, id`) as MemberRow[];
  const memberships = await membershipsOf(
    sql,
    rows.map((row) => row.id),
  );
  return rows.map((row) => memberOf(row, memberships.get(row.id) ?? []));
}

export async function findTeamMember(sql: SQL, userId: string): Promise<TeamMember | null> {
  const [row] = (await sql`SELECT id, name, display_name, email, role, staff_role, enabled, mfa_enabled,
      last_login_at FROM users WHERE id = ${userId} AND role = 'ADMIN'`) as MemberRow[];
  if (!row) return null;
  return memberOf(row, (await membershipsOf(sql, [row.id])).get(row.id) ?? []);
}

/** Locks accounts in id order (the users screen's way), so concurrent changes queue instead of racing. */
async function lockAccounts(tx: SQL, ids: readonly string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await tx`UPDATE users SET role = role WHERE id = ${id}`;
}

/** The projects of `projectIds` that exist, or the refusal naming the field. */
export async function checkProjects(sql: SQL, projectIds: readonly string[]): Promise<TeamRefusal | null> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return null;
  const rows = await sql`SELECT id FROM widget_projects WHERE id IN ${sql(unique)}`;
  return rows.length === unique.length
    ? null
    : { status: 400, error: teamErrors.unknownProject, field: "projectIds" };
}

/** Replaces a member's projects; answers what was added and removed (empty: nothing changed). */
export async function setMemberships(
  tx: SQL,
  userId: string,
  projectIds: readonly string[],
): Promise<{ added: string[]; removed: string[] }> {
  const wanted = [...new Set(projectIds)].sort();
  const current = (await membershipsOf(tx, [userId])).get(userId) ?? [];
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (removed.length > 0)
    await tx`DELETE FROM staff_project_members WHERE user_id = ${userId} AND project_id IN ${tx(removed)}`;
  const now = new Date().toISOString();
  for (const projectId of added)
    await tx`INSERT INTO staff_project_members (user_id, project_id, created_at)
      VALUES (${userId}, ${projectId}, ${now}) ON CONFLICT DO NOTHING`;
  return { added, removed };
}

interface AccountState {
  id: string;
  role: string;
  staff_role: string | null;
  enabled: boolean | number;
}

async function readAccount(tx: SQL, id: string): Promise<AccountState | null> {
  const [row] = await tx`SELECT id, role, staff_role, enabled FROM users WHERE id = ${id}`;
  return (row as AccountState | undefined) ?? null;
}

const stateOf = (row: AccountState, staffRole = row.staff_role) => ({
  role: row.role,
  staffRole,
  enabled: Boolean(row.enabled),
});

/**
 * The acting owner or admin and the target, read under the lock: the actor must still be an enabled
 * owner or admin, the target a staff account other than the actor.
 */
async function actorAndTarget(
  tx: SQL,
  actorId: string,
  targetId: string,
): Promise<{ actorRole: StaffRole; target: AccountState } | TeamRefusal> {
  await lockAccounts(tx, [actorId, targetId]);
  const actor = await readAccount(tx, actorId);
  const actorRole = actor?.enabled ? staffRoleOf(actor.role, actor.staff_role) : null;
  if (actorRole !== "owner" && actorRole !== "admin") return { status: 403, error: teamErrors.agentArea };
  const target = await readAccount(tx, targetId);
  if (target?.role !== "ADMIN") return { status: 404, error: teamErrors.memberNotFound };
  return { actorRole, target };
}

const isRefusal = (value: unknown): value is TeamRefusal =>
  typeof value === "object" && value !== null && "status" in value && "error" in value;

/**
 * Changes a member's role and/or projects (`PATCH /api/team/{id}`): one audit entry per kind of change
 * (team.role, team.projects). Nobody changes their own role; the owner rules apply.
 */
export async function changeTeamMember(
  sql: SQL,
  actorId: string,
  targetId: string,
  change: { role?: StaffRole; projectIds?: readonly string[] },
): Promise<TeamRefusal | { changed: boolean }> {
  if (change.projectIds) {
    const unknown = await checkProjects(sql, change.projectIds);
    if (unknown) return unknown;
  }
  return sql.begin(async (tx) => {
    const found = await actorAndTarget(tx, actorId, targetId);
    if (isRefusal(found)) return found;
    const { actorRole, target } = found;
    const before = staffRoleOf(target.role, target.staff_role) ?? "admin";
    const role = change.role ?? before;
    if (role !== before) {
      if (targetId === actorId) return { status: 403, error: teamErrors.ownAccount } as TeamRefusal;
      const refusal = await ownerRuleRefusal(tx, actorRole, targetId, stateOf(target), stateOf(target, role));
      if (refusal) return refusal;
      await tx`UPDATE users SET staff_role = ${role} WHERE id = ${targetId}`;
      await recordChange(tx, actorId, "team.role", "user", targetId, { role: { from: before, to: role } });
    }
    let projectsChanged = false;
    if (change.projectIds) {
      // An owner's account is the owners' to change, its projects too.
      if (before === "owner" && actorRole !== "owner")
        return { status: 403, error: teamErrors.ownersOnly } as TeamRefusal;
      const { added, removed } = await setMemberships(tx, targetId, change.projectIds);
      projectsChanged = added.length > 0 || removed.length > 0;
      if (projectsChanged)
        await recordChange(tx, actorId, "team.projects", "user", targetId, { added, removed });
    }
    return { changed: role !== before || projectsChanged };
  });
}

/**
 * Takes a member off the team (`DELETE /api/team/{id}`): the account stays a platform user (role USER,
 * no staff role, no projects), its staff sign-ins stop working at once through the guard. Audited as
 * team.remove.
 */
export async function removeTeamMember(
  sql: SQL,
  actorId: string,
  targetId: string,
): Promise<TeamRefusal | null> {
  return sql.begin(async (tx) => {
    const found = await actorAndTarget(tx, actorId, targetId);
    if (isRefusal(found)) return found;
    const { actorRole, target } = found;
    if (targetId === actorId) return { status: 403, error: teamErrors.ownAccount } as TeamRefusal;
    const refusal = await ownerRuleRefusal(tx, actorRole, targetId, stateOf(target), null);
    if (refusal) return refusal;
    const projects = await membershipsOf(tx, [targetId]);
    await tx`UPDATE users SET role = 'USER', staff_role = NULL WHERE id = ${targetId}`;
    await tx`DELETE FROM staff_project_members WHERE user_id = ${targetId}`;
    await recordAudit(tx, {
      actorId,
      action: "team.remove",
      entity: "user",
      entityId: targetId,
      details: {
        role: staffRoleOf(target.role, target.staff_role),
        projectIds: projects.get(targetId) ?? [],
      },
    });
    return null;
  });
}
