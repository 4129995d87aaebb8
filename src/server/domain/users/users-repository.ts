import type { SQL } from "bun";
import { levelInfo } from "../../../shared/levels.ts";
import {
  type BanAction,
  type CoinsResult,
  type CoinTransaction,
  type RootSkillXp,
  type UserBan,
  type UserDetail,
  type UserListFilters,
  type UserListItem,
  userErrors,
} from "../../../shared/users-api.ts";
import { notAuthorizedMessage } from "../../auth/auth-guard.ts";
import { staffRoleOf } from "../../auth/users-repository.ts";
import { type ReadSql, readSql } from "../../database/read-sql.ts";
import type { Reads } from "../../database/reads.ts";
import {
  containsPattern,
  type ListQuery,
  type ReadListPageOptions,
  readListPage,
} from "../../http/list-query.ts";
import { recordAudit, recordChange } from "../audit/audit-log.ts";
import { parseStringList } from "../repository-helpers.ts";
import { ownerRuleRefusal } from "../staff/owner-rules.ts";

/**
 * The admin's SQL over accounts: the list, the detail with XP, coins and bans, and the writes with
 * their rules (own account, last admin, unique name and email). Every write runs in one transaction
 * together with its audit entry.
 */

/** A rule that refused a write, answered as `{ error, field? }` with this status. */
export interface Refusal {
  refused: true;
  status: 403 | 404 | 409;
  error: string;
  field?: string;
}

const refuse = (status: Refusal["status"], error: string, field?: string): Refusal =>
  field === undefined ? { refused: true, status, error } : { refused: true, status, error, field };

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && (value as Refusal).refused === true;

/** The profile a user fills in themselves, as the `users` table keeps it (`tags` a JSON array). */
export interface UserProfileColumns {
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  city: string | null;
  country: string | null;
  description: string | null;
  tags: string;
}

interface UserRow extends UserProfileColumns {
  id: string;
  name: string;
  name_key: string;
  email: string | null;
  role: string;
  enabled: boolean | number;
  email_verified: boolean | number;
  mfa_enabled: boolean | number;
  newsletter: boolean | number;
  balance: number | string;
  xp: number | string;
  created_at: string;
  last_login_at: string | null;
}

const listColumns =
  "id, name, email, role, enabled, email_verified, mfa_enabled, newsletter, balance, xp, created_at, last_login_at";

/**
 * Sort fields to columns. Nullable columns sort their NULLs last in both directions, as SQLite and
 * PostgreSQL disagree on where NULLs go by default.
 */
export const userSortColumns: Record<string, string> = {
  name: "name_key",
  email: "email IS NULL, email",
  createdAt: "created_at",
  lastLoginAt: "last_login_at IS NULL, last_login_at",
  xp: "xp",
  balance: "balance",
};

function listItem(row: UserRow): UserListItem {
  const xp = Number(row.xp);
  const { level, levelName } = levelInfo(xp);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    enabled: Boolean(row.enabled),
    emailVerified: Boolean(row.email_verified),
    mfaEnabled: Boolean(row.mfa_enabled),
    newsletter: Boolean(row.newsletter),
    balance: Number(row.balance),
    xp,
    level,
    levelName,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

/**
 * The reads of one page of users. Only columns of `users` are read (no per-row subqueries), so a page
 * over 100,000 accounts costs one count and one ordered scan; the level is computed from the stored
 * total XP.
 */
export function usersListPage(query: ListQuery, filters: UserListFilters): ReadListPageOptions {
  const where: ReadSql[] = [];
  if (query.search) {
    // `name_key` and `email` are stored lower-cased, so the search needs no lower() per row.
    const pattern = containsPattern(query.search);
    where.push(readSql`(name_key LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\')`);
  }
  if (filters.role) where.push(readSql`role = ${filters.role}`);
  if (filters.status)
    where.push(filters.status === "enabled" ? readSql`enabled = TRUE` : readSql`enabled = FALSE`);
  if (filters.emailVerified !== undefined)
    where.push(filters.emailVerified ? readSql`email_verified = TRUE` : readSql`email_verified = FALSE`);
  if (filters.mfa !== undefined)
    where.push(filters.mfa ? readSql`mfa_enabled = TRUE` : readSql`mfa_enabled = FALSE`);
  return {
    select: listColumns,
    from: readSql`users`,
    where,
    query,
    tieBreaker: "id",
    // Paging through one search counts its matches once (migration 020 keeps this version).
    countReusedWhile: readSql`SELECT version FROM list_versions WHERE name = 'users'`,
    // Unique and in the covering index `users_search` (name_key, email, enabled): a rare search finds
    // its matches in that index alone, then sorts them, instead of walking 100,000 rows in sort order.
    matchesFirstBy: "name_key",
  };
}

/** One page of users (see usersListPage). */
export async function listUsers(
  reads: Reads,
  query: ListQuery,
  filters: UserListFilters,
): Promise<{ items: UserListItem[]; total: number }> {
  const { rows, total } = await readListPage<UserRow>(reads, usersListPage(query, filters));
  return { items: rows.map(listItem), total };
}

interface BanRow {
  id: string;
  action: string;
  reason: string;
  starts_at: string;
  ends_at: string | null;
  admin_id: string | null;
  admin_name: string | null;
  created_at: string;
}

function toBan(row: BanRow): UserBan {
  return {
    id: row.id,
    action: row.action as BanAction,
    reason: row.reason,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    admin: row.admin_id ? { id: row.admin_id, name: row.admin_name ?? "" } : null,
    createdAt: row.created_at,
  };
}

/** The bans in force now: not lifted and not yet ended. */
async function activeBans(sql: SQL, userId: string, action?: BanAction): Promise<UserBan[]> {
  const rows = await sql`SELECT b.id, b.action, b.reason, b.starts_at, b.ends_at, b.admin_id, b.created_at,
      a.name AS admin_name
    FROM bans b LEFT JOIN users a ON a.id = b.admin_id
    WHERE b.user_id = ${userId} AND b.lifted_at IS NULL
      AND (b.ends_at IS NULL OR b.ends_at > ${new Date().toISOString()})
      ${action ? sql`AND b.action = ${action}` : sql``}
    ORDER BY b.created_at DESC, b.id DESC`;
  return (rows as BanRow[]).map(toBan);
}

/** Of several bans in force for one action, the one that lasts longest (a permanent one first). */
function strongest(bans: UserBan[], action: BanAction): UserBan | null {
  let best: UserBan | null = null;
  for (const ban of bans) {
    if (ban.action !== action) continue;
    if (!best || (best.endsAt !== null && (ban.endsAt === null || ban.endsAt > best.endsAt))) best = ban;
  }
  return best;
}

interface SkillRow {
  root_id: string;
  root_name: string;
  root_icon: string;
  id: string;
  name: string;
  icon: string;
  xp: number | string;
}

/** XP per sub-skill grouped by root skill, in grid order, with levels per sub-skill, root and total. */
async function skillXp(sql: SQL, userId: string): Promise<UserDetail["skills"]> {
  const rows = (await sql`SELECT r.id AS root_id, r.name AS root_name, r.icon AS root_icon,
      s.id, s.name, s.icon, x.xp
    FROM user_skill_xp x
      JOIN sub_skills s ON s.id = x.sub_skill_id
      JOIN root_skills r ON r.id = s.root_id
    WHERE x.user_id = ${userId}
    ORDER BY r.grid_row, r.grid_column, r.id, s.grid_row, s.grid_column, s.id`) as SkillRow[];
  const roots: RootSkillXp[] = [];
  for (const row of rows) {
    let root = roots.at(-1);
    if (root?.id !== row.root_id) {
      root = { id: row.root_id, name: row.root_name, icon: row.root_icon, ...levelInfo(0), subSkills: [] };
      roots.push(root);
    }
    root.subSkills.push({ id: row.id, name: row.name, icon: row.icon, ...levelInfo(Number(row.xp)) });
  }
  for (const root of roots) {
    Object.assign(root, levelInfo(root.subSkills.reduce((sum, skill) => sum + skill.xp, 0)));
  }
  const total = levelInfo(roots.reduce((sum, root) => sum + root.xp, 0));
  return { ...total, rootSkills: roots };
}

export const transactionsShown = 50;

const toTransaction = (row: {
  id: string;
  amount: number | string;
  description: string;
  created_at: string;
}): CoinTransaction => ({
  id: row.id,
  amount: Number(row.amount),
  description: row.description,
  createdAt: row.created_at,
});

/** Everything the Manage User screen shows; never the password hash or the MFA secrets. */
export async function findUserDetail(sql: SQL, id: string): Promise<UserDetail | null> {
  const [row] = (await sql`SELECT ${sql.unsafe(listColumns)}, display_name, first_name, last_name, city,
      country, description, tags
    FROM users WHERE id = ${id}`) as UserRow[];
  if (!row) return null;
  const [skills, transactions, bans] = await Promise.all([
    skillXp(sql, id),
    sql`SELECT id, amount, description, created_at FROM coin_transactions WHERE user_id = ${id}
      ORDER BY created_at DESC, id DESC LIMIT ${transactionsShown}`,
    activeBans(sql, id),
  ]);
  return {
    ...listItem(row),
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    city: row.city,
    country: row.country,
    description: row.description,
    tags: parseStringList(row.tags),
    skills,
    transactions: transactions.map(toTransaction),
    bans: { createTask: strongest(bans, "CREATE"), reportTask: strongest(bans, "REPORT") },
  };
}

// Writes.

interface AccountRow {
  id: string;
  name: string;
  name_key: string;
  email: string | null;
  role: string;
  staff_role: string | null;
  enabled: boolean | number;
  email_verified: boolean | number;
}

const isActiveAdmin = (account: { role: string; enabled: boolean | number }) =>
  account.role === "ADMIN" && Boolean(account.enabled);

/**
 * Locks the accounts a write depends on, always in id order: two admins acting on each other at once
 * then queue instead of both passing the last-admin check (or deadlocking on PostgreSQL).
 */
async function lockAccounts(tx: SQL, ids: string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await tx`UPDATE users SET role = role WHERE id = ${id}`;
}

async function readAccount(tx: SQL, id: string): Promise<AccountRow | null> {
  const [row] = await tx`SELECT id, name, name_key, email, role, staff_role, enabled, email_verified
    FROM users WHERE id = ${id}`;
  return (row as AccountRow | undefined) ?? null;
}

/**
 * The acting admin, read again under the lock: one disabled or demoted since the guard let the request
 * in may not go on. Checked after the last-admin rule, so two admins banning each other at once get
 * the rule's answer; together the two keep at least one enabled admin whatever runs concurrently.
 */
async function checkActor(tx: SQL, actorId: string): Promise<Refusal | null> {
  const actor = await readAccount(tx, actorId);
  return actor && isActiveAdmin(actor) ? null : refuse(403, notAuthorizedMessage);
}

/** The owner rules (owner-rules.ts) for `actorId` taking `target` to `after` (null: deleted). */
async function checkOwnerRules(
  tx: SQL,
  actorId: string,
  target: AccountRow,
  after: { role: string; staffRole: string | null; enabled: boolean } | null,
): Promise<Refusal | null> {
  const actor = await readAccount(tx, actorId);
  const before = { role: target.role, staffRole: target.staff_role, enabled: Boolean(target.enabled) };
  const actorRole = actor ? staffRoleOf(actor.role, actor.staff_role) : null;
  const refusal = await ownerRuleRefusal(tx, actorRole, target.id, before, after);
  return refusal && refuse(refusal.status, refusal.error);
}

/**
 * The staff role an account has after a change of its platform role: made an ADMIN from the users
 * screen it is an admin (only the team screen makes owners and agents), made a USER it is no staff.
 */
function staffRoleAfter(target: AccountRow, role: string): string | null {
  if (role !== "ADMIN") return null;
  return target.role === "ADMIN" ? target.staff_role : "admin";
}

async function otherActiveAdmins(tx: SQL, exceptId: string): Promise<number> {
  const [{ count }] = await tx`SELECT count(*) AS count FROM users
    WHERE role = 'ADMIN' AND enabled = TRUE AND id <> ${exceptId}`;
  return Number(count);
}

export interface AccountChange {
  name?: string;
  email?: string | null;
  emailVerified?: boolean;
  enabled?: boolean;
  role?: string;
}

export interface AccountChanged {
  refused: false;
  /** The fields that changed, each with its old and new value. */
  changes: Record<string, { from: unknown; to: unknown }>;
}

/**
 * Applies an admin's change to one account inside the caller's transaction, or refuses it before
 * anything is written. The audit entry is written here, only when something changed.
 */
export async function changeAccount(
  tx: SQL,
  actorId: string,
  targetId: string,
  change: AccountChange,
  options: {
    auditAction: string;
    /** Ban and enable aim at the status itself, so they refuse one's own account even as a no-op. */
    refuseOwnAccount?: boolean;
  },
): Promise<AccountChanged | Refusal> {
  await lockAccounts(tx, [actorId, targetId]);
  const target = await readAccount(tx, targetId);
  if (!target) return refuse(404, userErrors.notFound);

  const before = {
    name: target.name,
    email: target.email,
    emailVerified: Boolean(target.email_verified),
    enabled: Boolean(target.enabled),
    role: target.role,
  };
  const emailChanged = change.email !== undefined && change.email !== before.email;
  const after = {
    name: change.name ?? before.name,
    email: change.email !== undefined ? change.email : before.email,
    // A new address has not been verified, unless the admin says so in the same change.
    emailVerified: change.emailVerified ?? (emailChanged ? false : before.emailVerified),
    enabled: change.enabled ?? before.enabled,
    role: change.role ?? before.role,
  };
  if (after.email === null) after.emailVerified = false;

  if (
    targetId === actorId &&
    (options.refuseOwnAccount || after.enabled !== before.enabled || after.role !== before.role)
  )
    return refuse(403, userErrors.ownAccount);
  const nameKey = after.name.toLowerCase();
  if (nameKey !== target.name_key) {
    const [taken] = await tx`SELECT id FROM users WHERE name_key = ${nameKey} AND id <> ${targetId}`;
    if (taken) return refuse(409, userErrors.nameTaken, "name");
  }
  if (emailChanged && after.email !== null) {
    const [taken] = await tx`SELECT id FROM users WHERE email = ${after.email} AND id <> ${targetId}`;
    if (taken) return refuse(409, userErrors.emailTaken, "email");
  }
  if (isActiveAdmin(target) && !isActiveAdmin(after) && (await otherActiveAdmins(tx, targetId)) === 0)
    return refuse(409, userErrors.lastAdmin);
  const actorRefusal = await checkActor(tx, actorId);
  if (actorRefusal) return actorRefusal;
  const staffRole = staffRoleAfter(target, after.role);
  const ownerRefusal = await checkOwnerRules(tx, actorId, target, { ...after, staffRole });
  if (ownerRefusal) return ownerRefusal;

  const changes: AccountChanged["changes"] = {};
  for (const key of Object.keys(after) as Array<keyof typeof after>) {
    if (after[key] !== before[key]) changes[key] = { from: before[key], to: after[key] };
  }
  if (Object.keys(changes).length === 0) return { refused: false, changes };

  await tx`UPDATE users SET name = ${after.name}, name_key = ${nameKey}, email = ${after.email},
      email_verified = ${after.emailVerified}, enabled = ${after.enabled}, role = ${after.role},
      staff_role = ${staffRole}
    WHERE id = ${targetId}`;
  // No longer staff: no longer a member of any project.
  if (staffRole === null) await tx`DELETE FROM staff_project_members WHERE user_id = ${targetId}`;
  if (before.enabled && !after.enabled) {
    // A banned account's sign-ins end now, not when their refresh tokens would have expired.
    await tx`UPDATE auth_sessions SET revoked_at = ${new Date().toISOString()}
      WHERE user_id = ${targetId} AND revoked_at IS NULL`;
  }
  await recordAudit(tx, {
    actorId,
    action: options.auditAction,
    entity: "user",
    entityId: targetId,
    details: changes,
  });
  return { refused: false, changes };
}

/**
 * A unique index refused a write that the checks above let through (a concurrent change took the
 * name or email in between): answered as the same conflict.
 */
export function uniqueConflict(error: unknown): Refusal | null {
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown };
  if (code !== "SQLITE_CONSTRAINT_UNIQUE" && errno !== "23505") return null;
  return /email/i.test(String(message))
    ? refuse(409, userErrors.emailTaken, "email")
    : refuse(409, userErrors.nameTaken, "name");
}

/** Bans or enables many accounts in one transaction, each under the rules of a single change. */
export async function changeAccounts(
  sql: SQL,
  actorId: string,
  ids: string[],
  enabled: boolean,
): Promise<{ updated: number; skipped: Array<{ id: string; error: string }> }> {
  return sql.begin(async (tx) => {
    const unique = [...new Set(ids)];
    await lockAccounts(tx, [actorId, ...unique]);
    let updated = 0;
    const skipped: Array<{ id: string; error: string }> = [];
    for (const id of unique) {
      const result = await changeAccount(
        tx,
        actorId,
        id,
        { enabled },
        {
          auditAction: enabled ? "user.enable" : "user.ban",
          refuseOwnAccount: true,
        },
      );
      if (result.refused) skipped.push({ id, error: result.error });
      else updated++;
    }
    return { updated, skipped };
  });
}

/** Deletes an account and, through the foreign keys, its sessions, coins, XP and bans. */
export async function deleteAccount(sql: SQL, actorId: string, targetId: string): Promise<Refusal | null> {
  return sql.begin(async (tx) => {
    await lockAccounts(tx, [actorId, targetId]);
    const target = await readAccount(tx, targetId);
    if (!target) return refuse(404, userErrors.notFound);
    if (targetId === actorId) return refuse(403, userErrors.deleteSelf);
    if (isActiveAdmin(target) && (await otherActiveAdmins(tx, targetId)) === 0)
      return refuse(409, userErrors.lastAdmin);
    const actorRefusal = await checkActor(tx, actorId);
    if (actorRefusal) return actorRefusal;
    const ownerRefusal = await checkOwnerRules(tx, actorId, target, null);
    if (ownerRefusal) return ownerRefusal;
    await tx`DELETE FROM users WHERE id = ${targetId}`;
    await recordChange(tx, actorId, "user.delete", "user", targetId, {
      name: target.name,
      email: target.email,
      role: target.role,
    });
    return null;
  });
}

const userExists = async (tx: SQL, id: string) =>
  (await tx`SELECT id FROM users WHERE id = ${id}`).length > 0;

/** Sets a create-task or report-task ban, lifting the one in force for that action. */
export async function setBan(
  sql: SQL,
  actorId: string,
  userId: string,
  ban: { action: BanAction; reason: string; days: number | null },
): Promise<UserBan | Refusal> {
  // As with the account ban: an admin who could bar themselves from tasks could lock out their own work.
  if (actorId === userId) return refuse(403, userErrors.banSelf);
  return sql.begin(async (tx) => {
    if (!(await userExists(tx, userId))) return refuse(404, userErrors.notFound);
    const now = new Date();
    const nowText = now.toISOString();
    const endsAt = ban.days === null ? null : new Date(now.getTime() + ban.days * 86_400_000).toISOString();
    await tx`UPDATE bans SET lifted_at = ${nowText}
      WHERE user_id = ${userId} AND action = ${ban.action} AND lifted_at IS NULL
        AND (ends_at IS NULL OR ends_at > ${nowText})`;
    const id = Bun.randomUUIDv7();
    await tx`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, created_at)
      VALUES (${id}, ${userId}, ${actorId}, ${ban.action}, ${ban.reason}, ${nowText}, ${endsAt}, ${nowText})`;
    await recordChange(tx, actorId, "user.task-ban.set", "user", userId, {
      banId: id,
      action: ban.action,
      reason: ban.reason,
      days: ban.days,
      endsAt,
    });
    const [set] = await activeBans(tx, userId, ban.action);
    if (!set) throw new Error("The ban just written is not in force");
    return set;
  });
}

/** Lifts the create-task or report-task bans in force; refused when there is none. */
export async function liftBan(
  sql: SQL,
  actorId: string,
  userId: string,
  action: BanAction,
): Promise<Refusal | null> {
  return sql.begin(async (tx) => {
    if (!(await userExists(tx, userId))) return refuse(404, userErrors.notFound);
    const nowText = new Date().toISOString();
    const lifted = await tx`UPDATE bans SET lifted_at = ${nowText}
      WHERE user_id = ${userId} AND action = ${action} AND lifted_at IS NULL
        AND (ends_at IS NULL OR ends_at > ${nowText})
      RETURNING id`;
    if (lifted.length === 0) return refuse(404, userErrors.noActiveBan[action]);
    await recordChange(tx, actorId, "user.task-ban.lift", "user", userId, {
      action,
      banIds: lifted.map((row: { id: string }) => row.id),
    });
    return null;
  });
}

/** The largest balance the INTEGER column holds on PostgreSQL. */
const maxBalance = 2_147_483_647;

/** Credits or debits coins with its ledger row; never below zero, and nothing written when refused. */
export async function changeBalance(
  sql: SQL,
  actorId: string,
  userId: string,
  amount: number,
  description: string,
): Promise<CoinsResult | Refusal> {
  return sql.begin(async (tx) => {
    // The check and the change are one statement, so two debits at once cannot both pass; the BIGINT
    // sum keeps PostgreSQL from overflowing before the bound is compared.
    const [row] = await tx`UPDATE users SET balance = balance + ${amount}
      WHERE id = ${userId} AND CAST(balance AS BIGINT) + ${amount} >= 0
        AND CAST(balance AS BIGINT) + ${amount} <= ${maxBalance}
      RETURNING balance`;
    if (!row) {
      const [user] = await tx`SELECT balance FROM users WHERE id = ${userId}`;
      if (!user) return refuse(404, userErrors.notFound);
      return Number(user.balance) + amount < 0
        ? refuse(409, userErrors.notEnoughCoins)
        : refuse(409, userErrors.balanceTooLarge);
    }
    const transaction: CoinTransaction = {
      id: Bun.randomUUIDv7(),
      amount,
      description,
      createdAt: new Date().toISOString(),
    };
    await tx`INSERT INTO coin_transactions (id, user_id, amount, description, created_at)
      VALUES (${transaction.id}, ${userId}, ${amount}, ${description}, ${transaction.createdAt})`;
    await recordChange(tx, actorId, "user.coins", "user", userId, {
      amount,
      description,
      balance: Number(row.balance),
    });
    return { balance: Number(row.balance), transaction };
  });
}
