import type { SQL } from "bun";
import { type StaffRole, teamErrors } from "../../../shared/team-api.ts";
import { staffRoleOf } from "../../auth/users-repository.ts";

/**
 * The rules that keep a workspace in its owners' hands, for every path that changes a staff account
 * (the team screen, the users screen, deletion): only an owner changes or removes an owner or makes
 * one, and the last enabled owner stays one. Callers lock the accounts first (in id order), so two
 * owners demoting each other at once cannot both pass the count.
 */

export interface StaffAccountState {
  role: string;
  staffRole: string | null;
  enabled: boolean;
}

export const isActiveOwner = (account: StaffAccountState): boolean =>
  account.enabled && staffRoleOf(account.role, account.staffRole) === "owner";

async function otherActiveOwners(tx: SQL, exceptId: string): Promise<number> {
  const [{ count }] = await tx`SELECT count(*) AS count FROM users
    WHERE role = 'ADMIN' AND staff_role = 'owner' AND enabled = TRUE AND id <> ${exceptId}`;
  return Number(count);
}

/**
 * Whether `actorRole` may take account `targetId` from `before` to `after` (null: removed or deleted):
 * a 403 or 409 with its text, or null when the rules allow it.
 */
export async function ownerRuleRefusal(
  tx: SQL,
  actorRole: StaffRole | null,
  targetId: string,
  before: StaffAccountState,
  after: StaffAccountState | null,
): Promise<{ status: 403 | 409; error: string } | null> {
  const wasOwner = staffRoleOf(before.role, before.staffRole) === "owner";
  const becomesOwner = after !== null && staffRoleOf(after.role, after.staffRole) === "owner";
  // The last owner first: it holds whoever asks, and it is the answer that says why.
  const staysActiveOwner = after !== null && isActiveOwner(after);
  if (isActiveOwner(before) && !staysActiveOwner && (await otherActiveOwners(tx, targetId)) === 0)
    return { status: 409, error: teamErrors.lastOwner };
  if ((wasOwner || becomesOwner) && actorRole !== "owner")
    return { status: 403, error: teamErrors.ownersOnly };
  return null;
}
