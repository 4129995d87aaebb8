import type { SQL } from "bun";
import { type Invitation, type StaffRole, staffRoles, teamErrors } from "../../../shared/team-api.ts";
import { sha256Hex } from "../../auth/native-crypto.ts";
import { staffRoleOf } from "../../auth/users-repository.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { parseJson } from "../repository-helpers.ts";
import { checkProjects, type TeamRefusal } from "./team-repository.ts";

/**
 * Invitations to the team (src/shared/team-api.ts). A link's token is 32 random bytes; only its SHA-256
 * is stored, so the table never holds a working link. A link works once, until it expires
 * (`invitationLifetimeMs`), is revoked or is replaced by a resend; acceptance claims the row with one
 * conditional update in the transaction that makes the account, so of two accepts at once one wins.
 */

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export const pendingInvitationMessage = "This address has a pending invitation: resend it or revoke it first";

/** A fresh link token and what is stored of it. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  return { token, hash: sha256Hex(token) };
}

/** What is looked up for a token a visitor brings (anything: it is only ever hashed). */
export const invitationTokenHash = (token: string): string => sha256Hex(token);

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  project_ids: string;
  invited_by: string | null;
  inviter_name: string | null;
  created_at: string;
  sent_at: string;
  expires_at: string;
  mfa_secret: string | null;
}

const roleOf = (value: string): StaffRole =>
  staffRoles.includes(value as StaffRole) ? (value as StaffRole) : "agent";

export function invitationOf(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    projectIds: parseJson<string[]>(row.project_ids, []),
    invitedBy: row.invited_by ? { id: row.invited_by, name: row.inviter_name ?? "" } : null,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
  };
}

const selectInvitation = `i.id, i.email, i.role, i.project_ids, i.invited_by,
  COALESCE(u.display_name, u.name) AS inviter_name, i.created_at, i.sent_at, i.expires_at, i.mfa_secret`;

/** Invitations not accepted or revoked, newest first (an expired one stays until resent or revoked). */
export async function listPendingInvitations(sql: SQL): Promise<Invitation[]> {
  const rows = await sql`SELECT ${sql.unsafe(selectInvitation)}
    FROM staff_invitations i LEFT JOIN users u ON u.id = i.invited_by
    WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.created_at DESC, i.id DESC`;
  return (rows as InvitationRow[]).map(invitationOf);
}

export async function findPendingInvitation(sql: SQL, id: string): Promise<Invitation | null> {
  const [row] = await sql`SELECT ${sql.unsafe(selectInvitation)}
    FROM staff_invitations i LEFT JOIN users u ON u.id = i.invited_by
    WHERE i.id = ${id} AND i.accepted_at IS NULL AND i.revoked_at IS NULL`;
  return row ? invitationOf(row as InvitationRow) : null;
}

/** The invitation a token opens now: not accepted, revoked or expired. */
export async function findInvitationByToken(
  sql: SQL,
  token: string,
  now: Date,
): Promise<InvitationRow | null> {
  const [row] = await sql`SELECT ${sql.unsafe(selectInvitation)}
    FROM staff_invitations i LEFT JOIN users u ON u.id = i.invited_by
    WHERE i.token_hash = ${invitationTokenHash(token)} AND i.accepted_at IS NULL
      AND i.revoked_at IS NULL AND i.expires_at > ${now.toISOString()}`;
  return (row as InvitationRow | undefined) ?? null;
}

/** The inviter's role, read again (the guard let them in; only an owner invites an owner). */
async function actorRole(tx: SQL, actorId: string): Promise<StaffRole | null> {
  const [row] = await tx`SELECT role, staff_role FROM users WHERE id = ${actorId} AND enabled = TRUE`;
  return row ? staffRoleOf(String(row.role), row.staff_role === null ? null : String(row.staff_role)) : null;
}

/** Refuses an address that already has an account: staff, or a platform user to be promoted instead. */
async function accountRefusal(tx: SQL, email: string): Promise<TeamRefusal | null> {
  const [existing] = await tx`SELECT role FROM users WHERE email = ${email}`;
  if (!existing) return null;
  return {
    status: 409,
    error: existing.role === "ADMIN" ? teamErrors.alreadyStaff : teamErrors.accountExists,
    field: "email",
  };
}

const isUniqueViolation = (error: unknown): boolean => {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return code === "SQLITE_CONSTRAINT_UNIQUE" || errno === "23505";
};

/** A refusal thrown inside a transaction, so it rolls back, and answered outside it. */
class Refused extends Error {
  constructor(readonly refusal: TeamRefusal) {
    super(refusal.error);
  }
}

export interface IssuedInvitation {
  invitation: Invitation;
  token: string;
}

/**
 * Runs an invitation's write in one transaction; a refusal thrown inside it (rolling it back) is
 * answered, and so is a pending invitation of the same address written meanwhile (the unique index).
 */
async function invitationWrite(
  sql: SQL,
  write: (tx: SQL) => Promise<IssuedInvitation>,
): Promise<IssuedInvitation | TeamRefusal> {
  try {
    return await sql.begin(write);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    if (isUniqueViolation(error)) return { status: 409, error: pendingInvitationMessage, field: "email" };
    throw error;
  }
}

/** The audit entry of a change to the invitation `id`. */
const auditInvitation = (
  tx: SQL,
  actorId: string,
  action: string,
  id: string,
  details: Record<string, unknown>,
) => recordAudit(tx, { actorId, action, entity: "staff_invitation", entityId: id, details });

/**
 * Invites `email` as `role` (`POST /api/invitations`), in one transaction with its audit entry and
 * `deliver` (the mail, queued in the same transaction). An expired invitation of the same address is
 * revoked on the way; a pending one is a 409.
 */
export async function createInvitation(
  sql: SQL,
  actorId: string,
  request: { email: string; role: StaffRole; projectIds: readonly string[] },
  deliver: (tx: SQL, invitation: Invitation, token: string) => Promise<void>,
  now = new Date(),
): Promise<IssuedInvitation | TeamRefusal> {
  const email = request.email.trim().toLowerCase();
  const projectIds = [...new Set(request.projectIds)].sort();
  const unknown = await checkProjects(sql, projectIds);
  if (unknown) return unknown;
  const { token, hash } = newInvitationToken();
  const id = Bun.randomUUIDv7();
  const at = now.toISOString();
  return invitationWrite(sql, async (tx) => {
    if (request.role === "owner" && (await actorRole(tx, actorId)) !== "owner")
      throw new Refused({ status: 403, error: teamErrors.ownersOnly, field: "role" });
    const taken = await accountRefusal(tx, email);
    if (taken) throw new Refused(taken);
    await tx`UPDATE staff_invitations SET revoked_at = ${at}, pending_key = NULL
        WHERE pending_key = ${email} AND expires_at <= ${at}`;
    await tx`INSERT INTO staff_invitations (id, email, role, project_ids, token_hash, pending_key,
          invited_by, created_at, sent_at, expires_at)
        VALUES (${id}, ${email}, ${request.role}, ${JSON.stringify(projectIds)}, ${hash}, ${email},
          ${actorId}, ${at}, ${at}, ${new Date(now.getTime() + invitationLifetimeMs).toISOString()})`;
    await auditInvitation(tx, actorId, "invitation.create", id, { email, role: request.role, projectIds });
    const invitation = await findPendingInvitation(tx, id);
    if (!invitation) throw new Error("the invitation just written is gone");
    await deliver(tx, invitation, token);
    return { invitation, token };
  });
}

/**
 * A new link for a pending invitation (`POST /api/invitations/{id}/resend`): the old link stops
 * working, the time to accept starts again. Only an owner resends an owner's invitation.
 */
export async function resendInvitation(
  sql: SQL,
  actorId: string,
  id: string,
  deliver: (tx: SQL, invitation: Invitation, token: string) => Promise<void>,
  now = new Date(),
): Promise<IssuedInvitation | TeamRefusal> {
  const { token, hash } = newInvitationToken();
  const at = now.toISOString();
  return invitationWrite(sql, async (tx) => {
    const current = await findPendingInvitation(tx, id);
    if (!current) throw new Refused({ status: 404, error: teamErrors.invitationNotFound });
    if (current.role === "owner" && (await actorRole(tx, actorId)) !== "owner")
      throw new Refused({ status: 403, error: teamErrors.ownersOnly });
    const taken = await accountRefusal(tx, current.email);
    if (taken) throw new Refused(taken);
    await tx`UPDATE staff_invitations SET token_hash = ${hash}, pending_key = email, sent_at = ${at},
          expires_at = ${new Date(now.getTime() + invitationLifetimeMs).toISOString()}, mfa_secret = NULL
        WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL`;
    await auditInvitation(tx, actorId, "invitation.resend", id, { email: current.email, role: current.role });
    const invitation = (await findPendingInvitation(tx, id)) ?? current;
    await deliver(tx, invitation, token);
    return { invitation, token };
  });
}

/** Revokes a pending invitation (`DELETE /api/invitations/{id}`): its link stops working at once. */
export async function revokeInvitation(sql: SQL, actorId: string, id: string): Promise<TeamRefusal | null> {
  return sql.begin(async (tx) => {
    const rows = await tx`UPDATE staff_invitations SET revoked_at = ${new Date().toISOString()},
        pending_key = NULL
      WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email, role`;
    const [row] = rows as Array<{ email: string; role: string }>;
    if (!row) return { status: 404, error: teamErrors.invitationNotFound } as TeamRefusal;
    await auditInvitation(tx, actorId, "invitation.revoke", id, { email: row.email, role: row.role });
    return null;
  });
}

/** Keeps the authenticator secret the invited person is setting up, until they accept. */
export async function setInvitationMfaSecret(sql: SQL, id: string, secret: string): Promise<void> {
  await sql`UPDATE staff_invitations SET mfa_secret = ${secret}
    WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL`;
}
