import type { SQL } from "bun";
import { type InvitationAccept, teamErrors } from "../../../shared/team-api.ts";
import { userErrors } from "../../../shared/users-api.ts";
import { loadTotp } from "../../auth/load-totp.ts";
import type { PasswordHashing } from "../../auth/password-hashing.ts";
import { newRecoveryCode, recoveryCodeHash } from "../../auth/recovery-codes.ts";
import { findUserById, type StoredUser } from "../../auth/users-repository.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { parseJson } from "../repository-helpers.ts";
import { uniqueConflict } from "../users/users-repository.ts";
import { findInvitationByToken, type InvitationRow } from "./invitations-repository.ts";
import { setMemberships, staffMfaRequired, type TeamRefusal } from "./team-repository.ts";

/**
 * Accepting an invitation (`POST /api/invitations/{token}/accept`): the invited person's account is
 * made with the invitation's address (taken as verified: the link came to it), role and projects, the
 * name, nickname and password they chose, and, when they set it up on the accept page (required when
 * the workspace requires it), two-factor authentication.
 */

export interface Accepted {
  user: StoredUser;
  /** Shown once when two-factor authentication was set up with the account. */
  recoveryCode?: string;
}

/** A refusal thrown inside the transaction, so it rolls back, and answered outside it. */
class Refused extends Error {
  constructor(readonly refusal: TeamRefusal) {
    super(refusal.error);
  }
}

const invalidLink: TeamRefusal = { status: 404, error: teamErrors.invalidLink };

/** The two-factor step: null when it passes (or is not asked for), else the refusal. */
async function mfaRefusal(
  invitation: InvitationRow,
  code: string | undefined,
  required: boolean,
): Promise<TeamRefusal | null> {
  if (code === undefined)
    return required ? { status: 400, error: teamErrors.codeRequired, field: "code" } : null;
  if (!invitation.mfa_secret) return { status: 400, error: teamErrors.codeRequired, field: "code" };
  const { verifyTotp } = await loadTotp();
  return verifyTotp(invitation.mfa_secret, code)
    ? null
    : { status: 400, error: teamErrors.invalidCode, field: "code" };
}

/**
 * Claims the invitation and makes the account in one transaction. The claim is one conditional update
 * (not accepted, not revoked, not expired): of two accepts of one link at once, on either engine, one
 * makes the account and the other finds the link spent.
 */
export async function acceptInvitation(
  sql: SQL,
  token: string,
  form: InvitationAccept,
  passwords: PasswordHashing,
  now = new Date(),
): Promise<Accepted | TeamRefusal> {
  const invitation = await findInvitationByToken(sql, token, now);
  if (!invitation) return invalidLink;
  const refused = await mfaRefusal(invitation, form.code, await staffMfaRequired(sql));
  if (refused) return refused;
  const nickname = form.nickname.trim();
  const [taken] = await sql`SELECT id FROM users WHERE name_key = ${nickname.toLowerCase()}`;
  if (taken) return { status: 409, error: userErrors.nameTaken, field: "nickname" };
  // Hashed before the transaction: argon2id takes a while, and nothing waits on a lock meanwhile.
  const passwordHash = await passwords.hash(form.password);
  const recoveryCode = form.code === undefined ? undefined : newRecoveryCode();
  try {
    const userId = await sql.begin(async (tx) => {
      const at = now.toISOString();
      const claimed = await tx`UPDATE staff_invitations SET accepted_at = ${at}, pending_key = NULL
        WHERE id = ${invitation.id} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${at}
        RETURNING id`;
      if (claimed.length === 0) throw new Refused(invalidLink);
      const [existing] = await tx`SELECT role FROM users WHERE email = ${invitation.email}`;
      if (existing) throw new Refused({ status: 409, error: teamErrors.accountExists });
      const projectIds = parseJson<string[]>(invitation.project_ids, []);
      const existingProjects = projectIds.length
        ? ((await tx`SELECT id FROM widget_projects WHERE id IN ${tx(projectIds)}`) as Array<{ id: string }>)
        : [];
      const user = { id: crypto.randomUUID() };
      const mfa = recoveryCode !== undefined;
      await tx`INSERT INTO users (id, name, name_key, email, password_hash, role, staff_role, enabled,
          email_verified, display_name, mfa_enabled, mfa_secret, mfa_recovery_hash, created_at, last_login_at)
        VALUES (${user.id}, ${nickname}, ${nickname.toLowerCase()}, ${invitation.email}, ${passwordHash},
          ${"ADMIN"}, ${invitation.role}, ${true}, ${true}, ${form.name.trim()}, ${mfa},
          ${mfa ? invitation.mfa_secret : null}, ${recoveryCode ? recoveryCodeHash(recoveryCode) : null},
          ${at}, ${at})`;
      await setMemberships(
        tx,
        user.id,
        existingProjects.map((row) => row.id),
      );
      await tx`UPDATE staff_invitations SET accepted_user_id = ${user.id} WHERE id = ${invitation.id}`;
      await recordAudit(tx, {
        actorId: user.id,
        action: "invitation.accept",
        entity: "user",
        entityId: user.id,
        details: {
          invitationId: invitation.id,
          invitedBy: invitation.invited_by,
          email: invitation.email,
          role: invitation.role,
          projectIds: existingProjects.map((row) => row.id),
        },
      });
      return user.id;
    });
    const user = await findUserById(sql, userId);
    if (!user) return invalidLink;
    return recoveryCode ? { user, recoveryCode } : { user };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    const conflict = uniqueConflict(error);
    if (conflict?.field === "name") return { status: 409, error: userErrors.nameTaken, field: "nickname" };
    if (conflict) return { status: 409, error: teamErrors.accountExists };
    throw error;
  }
}
