import type { SQL } from "bun";
import type { PublicUser } from "../../shared/auth-api.ts";
import { type StaffRole, staffRoles } from "../../shared/team-api.ts";
import { rowFields } from "../domain/record-rows.ts";
import type { PasswordHashing } from "./password-hashing.ts";

export interface StoredUser extends PublicUser {
  passwordHash: string;
  mfaSecret: string | null;
  mfaRecoveryHash: string | null;
}

interface UserRow {
  id: string;
  name: string;
  email: string | null;
  password_hash: string;
  role: string;
  enabled: boolean | number;
  email_verified: boolean | number;
  mfa_enabled: boolean | number;
  mfa_secret: string | null;
  mfa_recovery_hash: string | null;
  staff_role: string | null;
  display_name?: string | null;
}

/**
 * A staff account's role: what the row says, and "admin" for an ADMIN whose row says nothing (one
 * written by hand or by a release before roles), as every admin was before; null for platform users.
 */
export function staffRoleOf(role: string, staffRole: string | null | undefined): StaffRole | null {
  if (role !== "ADMIN") return null;
  return staffRoles.includes(staffRole as StaffRole) ? (staffRole as StaffRole) : "admin";
}

function fromRow(row: UserRow): StoredUser {
  return {
    ...rowFields(row, "id name email password_hash role"),
    enabled: Boolean(row.enabled),
    emailVerified: Boolean(row.email_verified),
    mfaEnabled: Boolean(row.mfa_enabled),
    staffRole: staffRoleOf(row.role, row.staff_role),
    displayName: row.display_name ?? null,
    mfaSecret: row.mfa_secret,
    mfaRecoveryHash: row.mfa_recovery_hash,
  };
}

export function toPublicUser({
  passwordHash: _p,
  mfaSecret: _s,
  mfaRecoveryHash: _r,
  ...user
}: StoredUser): PublicUser {
  return user;
}

/** A login is an e-mail address or a nickname, both matched case-insensitively. */
export async function findUserByLogin(sql: SQL, login: string): Promise<StoredUser | null> {
  const key = login.trim().toLowerCase();
  const [row] = key.includes("@")
    ? await sql`SELECT * FROM users WHERE email = ${key}`
    : await sql`SELECT * FROM users WHERE name_key = ${key}`;
  return row ? fromRow(row) : null;
}

export async function findUserById(sql: SQL, id: string): Promise<StoredUser | null> {
  const [row] = await sql`SELECT * FROM users WHERE id = ${id}`;
  return row ? fromRow(row) : null;
}

export interface NewUser {
  name: string;
  email: string | null;
  password: string;
  role: string;
  enabled?: boolean;
  emailVerified?: boolean;
  /** For an ADMIN: owner, admin (the default) or agent. */
  staffRole?: StaffRole;
}

export async function createUser(sql: SQL, user: NewUser, passwords: PasswordHashing): Promise<StoredUser> {
  const id = crypto.randomUUID();
  const passwordHash = await passwords.hash(user.password);
  const staffRole = user.role === "ADMIN" ? (user.staffRole ?? "admin") : null;
  const [row] =
    await sql`INSERT INTO users (id, name, name_key, email, password_hash, role, staff_role, enabled, email_verified, created_at)
    VALUES (${id}, ${user.name}, ${user.name.toLowerCase()}, ${user.email?.toLowerCase() ?? null}, ${passwordHash},
      ${user.role}, ${staffRole}, ${user.enabled ?? true}, ${user.emailVerified ?? false}, ${new Date().toISOString()})
    RETURNING *`;
  return fromRow(row);
}
