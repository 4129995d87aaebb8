import type { SQL } from "bun";
import { type Struct, validate } from "superstruct";
import { PasswordResetConfirmRequest } from "../../shared/auth-api.ts";
import { email as emailRule } from "../../shared/form-rules.ts";
import { ProfileUpdate } from "../../shared/profile-api.ts";
import { type UserRole, userErrors, userName } from "../../shared/users-api.ts";
import { recordAudit, recordChange } from "../domain/audit/audit-log.ts";
import { updateProfile } from "../domain/staff/staff-identity.ts";
import { uniqueConflict } from "../domain/users/users-repository.ts";
import { revokeUserSessions } from "./auth-sessions-repository.ts";
import type { PasswordHashing } from "./password-hashing.ts";
import { createUser, findUserByLogin, type StoredUser } from "./users-repository.ts";

/**
 * Accounts made and mended from the operator's command line (`gleam admin …`), with the rules the
 * dashboard and the sign-up apply to the same fields, so an account made here is one the server would
 * have accepted. The audit log records them with no actor and `via: "command line"`.
 */
export interface NewStaffAccount {
  email: string;
  /** Shown to visitors and colleagues (the profile's display name). */
  displayName: string;
  /** The sign-in nickname; derived from the e-mail address when not given. */
  nickname?: string;
  role: UserRole;
  password: string;
}

/** The first problem of a field under its struct's rule, or null when it passes. */
function problemOf<T>(value: unknown, struct: Struct<T, unknown>, field: string): string | null {
  const [error] = validate(value, struct, { coerce: true });
  return error ? `${field}: ${error.message}` : null;
}

/** The password rule of the server's sign-up and password reset: 8 to 128 characters, trimmed. */
export function passwordProblem(password: string): string | null {
  const [error] = validate(password, PasswordResetConfirmRequest.schema.password);
  return error ? "the password must be 8 to 128 characters long" : null;
}

/** Every field's first problem, in the order the options are documented. */
export function staffAccountProblems(account: NewStaffAccount): string[] {
  const problems = [
    problemOf(account.email, emailRule, "--email"),
    problemOf(account.displayName, ProfileUpdate.schema.displayName, "--name"),
    account.nickname === undefined ? null : problemOf(account.nickname, userName, "--nickname"),
    passwordProblem(account.password),
  ];
  return problems.filter((problem): problem is string => problem !== null);
}

/**
 * A nickname from an address's local part: the characters a nickname keeps, at least 3 and at most 32
 * of them (`jo@…` becomes `jo-admin`).
 */
export function nicknameFromEmail(address: string): string {
  const local = (address.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  const base = local.length >= 3 ? local : `${local || "staff"}-admin`;
  return base.slice(0, 32);
}

/** A password for an operator to pass on once: 144 random bits, URL-safe, 24 characters. */
export function generatedPassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
}

/** The derived nickname, or it with the first free `-2`, `-3`, … when another account has it. */
async function freeNickname(sql: SQL, base: string): Promise<string> {
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base.slice(0, 32 - `-${suffix}`.length)}-${suffix}`;
    const [taken] = await sql`SELECT id FROM users WHERE name_key = ${candidate.toLowerCase()}`;
    if (!taken) return candidate;
  }
}

export type AccountOutcome = { ok: true; user: StoredUser } | { ok: false; problem: string };

/**
 * Creates an enabled account with a verified address (the operator vouches for it), its display name
 * and an audit entry, in one transaction; refuses a taken address or nickname. An ADMIN made here is
 * an owner of the team (src/shared/team-api.ts): the operator's way in when nobody else can invite.
 */
export async function createStaffAccount(
  sql: SQL,
  account: NewStaffAccount,
  passwords: PasswordHashing,
): Promise<AccountOutcome> {
  const email = account.email.trim().toLowerCase();
  if (await findUserByLogin(sql, email))
    return {
      ok: false,
      problem: `${userErrors.emailTaken}: ${email} (gleam admin reset-password sets a new password)`,
    };
  const nickname = account.nickname?.trim() ?? (await freeNickname(sql, nicknameFromEmail(email)));
  try {
    const user = await sql.begin(async (tx) => {
      const created = await createUser(
        tx,
        {
          name: nickname,
          email,
          password: account.password,
          role: account.role,
          staffRole: account.role === "ADMIN" ? "owner" : undefined,
          enabled: true,
          emailVerified: true,
        },
        passwords,
      );
      await updateProfile(tx, created.id, { displayName: account.displayName.trim(), avatarUrl: null });
      await recordAudit(tx, {
        actorId: null,
        action: "user.create",
        entity: "user",
        entityId: created.id,
        details: {
          via: "command line",
          name: nickname,
          email,
          role: account.role,
          ...(account.role === "ADMIN" ? { staffRole: "owner" } : {}),
        },
      });
      return created;
    });
    return { ok: true, user };
  } catch (error) {
    const conflict = uniqueConflict(error);
    if (!conflict) throw error;
    const what = conflict.field === "email" ? email : nickname;
    return { ok: false, problem: `${conflict.error}: ${what}` };
  }
}

/**
 * Sets a new password and ends every sign-in of the account, as the server's password reset does: its
 * sessions are revoked, so the next request with an old access token or refresh token is refused.
 */
export async function resetAccountPassword(
  sql: SQL,
  address: string,
  password: string,
  passwords: PasswordHashing,
): Promise<AccountOutcome> {
  const email = address.trim().toLowerCase();
  const user = email.includes("@") ? await findUserByLogin(sql, email) : null;
  if (!user) return { ok: false, problem: `No account has the e-mail address ${email}` };
  const hash = await passwords.hash(password);
  await sql.begin(async (tx) => {
    await tx`UPDATE users SET password_hash = ${hash} WHERE id = ${user.id}`;
    await revokeUserSessions(tx, user.id);
    await recordChange(tx, null, "user.password-reset", "user", user.id, { via: "command line" });
  });
  return { ok: true, user };
}
