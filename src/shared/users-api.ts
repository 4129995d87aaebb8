import {
  boolean,
  coerce,
  define,
  type Infer,
  nullable,
  object,
  optional,
  refine,
  type Struct,
  string,
} from "superstruct";
import { email, integer, optionalText, text } from "./form-rules.ts";
import type { LevelName } from "./levels.ts";

/**
 * The admin's user management (spec §2 Users and Manage User, §4 user status and bans): requests the
 * SPA sends to `/api/users…`, the answers it gets back and the texts it shows.
 */

export const userRoles = ["ADMIN", "USER"] as const;
export type UserRole = (typeof userRoles)[number];

/** Texts of the refusals, so the SPA can tell them apart without parsing. */
export const userErrors = {
  notFound: "User was not found",
  nameTaken: "A user with this name already exists",
  emailTaken: "A user with this email already exists",
  ownAccount: "You cannot change your own account status or role",
  deleteSelf: "You cannot delete your own account",
  banSelf: "You cannot ban your own account",
  lastAdmin: "The last admin cannot be removed",
  notEnoughCoins: "Not enough coins",
  balanceTooLarge: "The balance would be too large",
  noActiveBan: { CREATE: "No active create-task ban", REPORT: "No active report-task ban" },
} as const;

/** The confirmations of spec §8 ("user deleted, banned or enabled"; bans set or lifted). */
export const userMessages = {
  banned: "User banned",
  enabled: "User enabled",
  deleted: "User deleted",
  updated: "User updated",
  coinsChanged: "Balance updated",
  banSet: { CREATE: "Create-task ban set", REPORT: "Report-task ban set" },
  banLifted: { CREATE: "Create-task ban lifted", REPORT: "Report-task ban lifted" },
} as const;

/** The two bans an admin sets by hand; the path segment names the action stored in `bans.action`. */
export const banKinds = { "create-task": "CREATE", "report-task": "REPORT" } as const;
export type BanKind = keyof typeof banKinds;
export type BanAction = (typeof banKinds)[BanKind];

const trimmed = <T>(struct: Struct<T, null>) =>
  coerce(struct, string(), (value) => value.trim()) as unknown as Struct<T, null>;

/** The login nickname: no "@", since a login with one is read as an e-mail address. */
export const userName = trimmed(
  refine(text(3, 32), "userName", (value) => !value.includes("@") || "Name cannot contain @"),
);

const userEmail = coerce(email, string(), (value) => value.trim().toLowerCase());

const userRole = define<UserRole>("userRole", (value) =>
  userRoles.includes(value as UserRole) ? true : "Role must be ADMIN or USER",
);

/**
 * `PATCH /api/users/:id`. A changed email becomes unverified unless `emailVerified` is sent with it;
 * `email: null` removes the address (the nickname still signs in).
 */
export const UpdateUserRequest = object({
  name: optional(userName),
  email: optional(nullable(userEmail)),
  emailVerified: optional(boolean()),
  enabled: optional(boolean()),
  role: optional(userRole),
});
export type UpdateUserRequest = Infer<typeof UpdateUserRequest>;

export const maxBulkUsers = 100;
export const bulkUserActions = ["ban", "enable"] as const;
export type BulkUserAction = (typeof bulkUserActions)[number];

const userIds = define<string[]>("userIds", (value, context) => {
  const field = String(context.path.at(-1) ?? "ids");
  if (!Array.isArray(value) || value.length === 0) return `${field} is required`;
  if (value.length > maxBulkUsers) return `At most ${maxBulkUsers} users at a time`;
  return value.every((id) => typeof id === "string" && id.length > 0 && id.length <= 128)
    ? true
    : `${field} must be a list of user ids`;
});

const bulkAction = define<BulkUserAction>("bulkUserAction", (value) =>
  bulkUserActions.includes(value as BulkUserAction) ? true : "Action must be ban or enable",
);

/** `POST /api/users/bulk`: ban or enable up to 100 users, each under the rules of a single change. */
export const BulkUserRequest = object({ ids: userIds, action: bulkAction });
export type BulkUserRequest = Infer<typeof BulkUserRequest>;

export interface BulkUserResult {
  updated: number;
  skipped: Array<{ id: string; error: string }>;
}

/** `PUT /api/users/:id/bans/{create-task|report-task}`: no `days` (or null) bans for good. */
export const SetBanRequest = object({
  reason: optional(trimmed(optionalText(500))),
  days: optional(nullable(integer(1, 3650))),
});
export type SetBanRequest = Infer<typeof SetBanRequest>;

export const maxCoinAmount = 1_000_000_000;

const coinAmount = define<number>("coinAmount", (value) => {
  if (typeof value !== "number" || !Number.isInteger(value)) return "Must be a whole number";
  if (value === 0) return "Must not be zero";
  if (Math.abs(value) > maxCoinAmount) return `Must be between -${maxCoinAmount} and ${maxCoinAmount}`;
  return true;
});

/** `POST /api/users/:id/coins`: a positive amount credits, a negative one debits. */
export const CoinsRequest = object({
  amount: coinAmount,
  description: trimmed(text(1, 200)),
});
export type CoinsRequest = Infer<typeof CoinsRequest>;

// Answers.

/** The list's sort fields (`sort=field` or `sort=-field`); the default is `-createdAt`. */
export const userSortFields = ["name", "email", "createdAt", "lastLoginAt", "xp", "balance"] as const;
export type UserSortField = (typeof userSortFields)[number];

/** The filters of `GET /api/users`, besides `q`, `page`, `pageSize` and `sort`. */
export interface UserListFilters {
  role?: UserRole;
  status?: "enabled" | "banned";
  emailVerified?: boolean;
  mfa?: boolean;
}

export interface UserListItem {
  id: string;
  name: string;
  email: string | null;
  role: string;
  enabled: boolean;
  emailVerified: boolean;
  mfaEnabled: boolean;
  newsletter: boolean;
  balance: number;
  xp: number;
  level: number;
  levelName: LevelName;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface SkillXp {
  id: string;
  name: string;
  icon: string;
  xp: number;
  level: number;
  levelName: LevelName;
}

export interface RootSkillXp extends SkillXp {
  subSkills: SkillXp[];
}

export interface CoinTransaction {
  id: string;
  amount: number;
  description: string;
  createdAt: string;
}

export interface UserBan {
  id: string;
  action: BanAction;
  reason: string;
  startsAt: string;
  /** Null for a permanent ban. */
  endsAt: string | null;
  admin: { id: string; name: string } | null;
  createdAt: string;
}

export interface UserDetail extends UserListItem {
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  country: string | null;
  description: string | null;
  tags: string[];
  /** XP per sub-skill grouped by root skill; `xp` here is the sum of the sub-skills. */
  skills: { xp: number; level: number; levelName: LevelName; rootSkills: RootSkillXp[] };
  /** The last 50 coin transactions, newest first. */
  transactions: CoinTransaction[];
  /** The active bans (lifted or expired ones are left out). */
  bans: { createTask: UserBan | null; reportTask: UserBan | null };
}

export interface CoinsResult {
  balance: number;
  transaction: CoinTransaction;
}
