import { levelBands, xpForLevel } from "../../shared/levels.ts";
import type { UserProfileColumns } from "../domain/users/users-repository.ts";
import { adminAt, auditRow } from "./audit.ts";
import type { Row } from "./bulk-insert.ts";
import { between, day, demoEpoch, hour, iso, minute, wholeSecond } from "./demo-clock.ts";
import {
  bios,
  coinCredits,
  coinDebits,
  emailDomains,
  firstNames,
  interestTags,
  lastNames,
  nicknameAdjectives,
  nicknameNouns,
  places,
} from "./people-words.ts";
import type { Random } from "./random.ts";
import type { DemoSubSkill } from "./skill-tree.ts";
import { words } from "./word-list.ts";

/** A generated account: the `users` row plus what the other generators need to know about it. */
export interface DemoUser {
  row: UserRow;
  id: string;
  isAdmin: boolean;
  /** Verified and signed in at least once: has played, so has coins and XP. */
  played: boolean;
  /** Played and not banned: may create tasks, report them and resolve reports (admins). */
  active: boolean;
  createdAt: number;
}

export interface UserRow extends Row, UserProfileColumns {
  id: string;
  name: string;
  name_key: string;
  email: string | null;
  password_hash: string;
  role: string;
  enabled: boolean;
  email_verified: boolean;
  created_at: string;
  newsletter: boolean;
  mfa_enabled: boolean;
  mfa_secret: string | null;
  mfa_recovery_hash: string | null;
  balance: number;
  xp: number;
  last_login_at: string | null;
}

export interface UserOptions {
  count: number;
  /** One argon2id hash shared by every generated account: hashing each would take minutes. */
  passwordHash: string;
  adminCount: number;
  /** Names and e-mail addresses already in the database (the seeded admin's), lower-cased. */
  taken?: { names?: Iterable<string>; emails?: Iterable<string> };
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const ascii = (word: string) => word.normalize("NFKD").replace(/[^A-Za-z0-9]/g, "");
const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function nickname(random: Random, first: string, last: string): string {
  const f = ascii(first);
  const l = ascii(last);
  const year = String(random.int(70, 109) % 100).padStart(2, "0");
  switch (random.int(0, 6)) {
    case 0:
      return `${f}${l}`.toLowerCase();
    case 1:
      return `${f}.${l}`.toLowerCase();
    case 2:
      return `${f.toLowerCase()}_${l.charAt(0).toLowerCase()}${year}`;
    case 3:
      return `${capitalize(random.pick(nicknameAdjectives))}${capitalize(random.pick(nicknameNouns))}${random.int(1, 99)}`;
    case 4:
      return `${random.pick(nicknameAdjectives)}_${random.pick(nicknameNouns)}`;
    case 5:
      return `${f}${random.int(1, 999)}`;
    default:
      return `${f.charAt(0)}${l}`.toLowerCase();
  }
}

function emailLocalPart(random: Random, first: string, last: string, name: string): string {
  const f = ascii(first).toLowerCase();
  const l = ascii(last).toLowerCase();
  switch (random.int(0, 3)) {
    case 0:
      return `${f}.${l}`;
    case 1:
      return `${f.charAt(0)}${l}${random.int(1, 99)}`;
    case 2:
      return name.toLowerCase().replace(/[^a-z0-9._-]/g, "");
    default:
      return `${f}${l}`;
  }
}

/** Appends digits until the value is free; deterministic because the digits come from `random`. */
function unique(
  random: Random,
  taken: Set<string>,
  candidate: string,
  join: (value: string, suffix: number) => string,
) {
  let value = candidate;
  while (taken.has(value.toLowerCase())) value = join(candidate, random.int(2, 9999));
  taken.add(value.toLowerCase());
  return value;
}

/**
 * Realistic accounts: international names, nicknames and e-mail addresses (reserved example domains),
 * sign-ups over the last two years (more of them recently), a few dozen admins, some banned, some
 * unverified, some with MFA. Balance and XP start at zero; the wallet and XP generators fill them in.
 */
export function generateUsers(random: Random, options: UserOptions): DemoUser[] {
  const names = new Set([...(options.taken?.names ?? [])].map((name) => name.toLowerCase()));
  const emails = new Set([...(options.taken?.emails ?? [])].map((email) => email.toLowerCase()));
  const admins = new Set(random.sample([...Array(options.count).keys()], options.adminCount));
  const users: DemoUser[] = [];
  for (let index = 0; index < options.count; index++) {
    const isAdmin = admins.has(index);
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const name = unique(
      random,
      names,
      nickname(random, first, last).slice(0, 26),
      (value, n) => `${value}${n}`,
    );
    const hasEmail = isAdmin || random.chance(0.99);
    const email = hasEmail
      ? unique(
          random,
          emails,
          `${emailLocalPart(random, first, last, name)}@${random.pick(emailDomains)}`,
          (value, n) => value.replace("@", `${n}@`),
        ).toLowerCase()
      : null;
    // Sign-ups grow over time: the age is skewed towards recent dates.
    const createdAt = wholeSecond(demoEpoch - hour - random.next() ** 1.6 * 730 * day);
    const enabled = isAdmin || !random.chance(0.05);
    const emailVerified = email !== null && (isAdmin || random.chance(0.88));
    // Unverified accounts cannot sign in; the few that did had changed their address since.
    const neverLoggedIn = !isAdmin && random.chance(emailVerified ? 0.05 : 0.85);
    // Most of those who came back did so recently.
    const lastLogin = neverLoggedIn
      ? null
      : wholeSecond(demoEpoch - minute - random.next() ** 2.5 * (demoEpoch - createdAt - hour));
    const withProfile = random.chance(isAdmin ? 0.95 : 0.7);
    const place = random.chance(0.6) ? random.pick(places) : null;
    const mfa = random.chance(isAdmin ? 0.5 : 0.07);
    const row: UserRow = {
      id: random.uuid(),
      name,
      name_key: name.toLowerCase(),
      email,
      password_hash: options.passwordHash,
      role: isAdmin ? "ADMIN" : "USER",
      enabled,
      email_verified: emailVerified,
      created_at: iso(createdAt),
      display_name: random.chance(0.95) ? `${first} ${last}` : null,
      first_name: withProfile ? first : null,
      last_name: withProfile ? last : null,
      city: place ? place[0] : null,
      country: place ? place[1] : null,
      description: random.chance(0.4) ? random.pick(bios) : null,
      tags: JSON.stringify(random.sample(interestTags, random.int(0, 4))),
      newsletter: random.chance(0.35),
      mfa_enabled: mfa,
      mfa_secret: mfa ? Array.from({ length: 32 }, () => base32.charAt(random.int(0, 31))).join("") : null,
      mfa_recovery_hash: null,
      balance: 0,
      xp: 0,
      last_login_at: lastLogin === null ? null : iso(lastLogin),
    };
    const played = emailVerified && lastLogin !== null;
    users.push({ row, id: row.id, isAdmin, played, active: played && enabled, createdAt });
  }
  return users;
}

const adminPrizes = words("Community prize, Bug bounty, Contest winner, Goodwill credit after an outage");

/**
 * A coin ledger per user who has played, in date order, never below zero; each balance is set to the
 * sum. Now and then an admin credits a prize by hand, which the audit log records.
 */
export function generateWallets(
  random: Random,
  users: DemoUser[],
  admins: DemoUser[],
): { transactions: Row[]; audit: Row[] } {
  const transactions: Row[] = [];
  const audit: Row[] = [];
  for (const user of users) {
    if (!user.played) continue;
    // Sorted, then spread by a second per entry: distinct moments read in one order however sorted.
    const moments = Array.from({ length: random.int(0, 9) }, () =>
      between(random, user.createdAt + hour, demoEpoch - hour),
    )
      .sort((a, b) => a - b)
      .map((moment, index) => moment + index * 1000);
    let balance = 0;
    for (const [index, moment] of moments.entries()) {
      let amount: number;
      let description: string;
      let admin: DemoUser | null = null;
      if (index === 0 && random.chance(0.8)) {
        amount = 50;
        description = "Welcome bonus";
      } else if (balance >= 20 && random.chance(0.35)) {
        amount = -random.int(5, Math.min(balance, 120));
        description = random.pick(coinDebits);
      } else if (random.chance(0.05)) {
        admin = adminAt(random, admins, moment);
        amount = random.pick([25, 50, 100, 250]);
        description = random.pick(adminPrizes);
      } else {
        amount = random.pick([5, 10, 10, 15, 20, 25, 40, 60, 100]);
        description = random.pick(coinCredits);
      }
      balance += amount;
      transactions.push({
        id: random.uuid(),
        user_id: user.id,
        amount,
        description,
        created_at: iso(moment),
      });
      if (admin) {
        audit.push(
          auditRow(random, {
            actorId: admin.id,
            action: "user.coins",
            entity: "user",
            entityId: user.id,
            details: { amount, description, balance },
            at: moment,
          }),
        );
      }
    }
    user.row.balance = balance;
  }
  return { transactions, audit };
}

/** The audit entry of each banned (disabled) account: an admin banned it after its last activity. */
export function banAudit(random: Random, users: DemoUser[], admins: DemoUser[]): Row[] {
  return users
    .filter((user) => !user.row.enabled)
    .map((user) => {
      const lastSeen = user.row.last_login_at ? Date.parse(user.row.last_login_at) : user.createdAt;
      const at = between(random, lastSeen + hour, demoEpoch - hour);
      return auditRow(random, {
        actorId: adminAt(random, admins, at).id,
        action: "user.ban",
        entity: "user",
        entityId: user.id,
        details: { enabled: { from: true, to: false } },
        at,
      });
    });
}

/** Share of players (percent) whose total XP lands in each level band, Newbie to God Tier. */
const bandShares = [30, 22, 14, 9, 7, 5, 4, 3, 4, 2];

/**
 * XP per sub-skill for users who have played. Each player's total level is drawn by band (most stay
 * low, a few reach God Tier), then the total is split over a few sub-skills, more for higher levels;
 * each user's `xp` is the sum, as the user detail shows it.
 */
export function generateSkillXp(random: Random, users: DemoUser[], subSkills: DemoSubSkill[]): Row[] {
  const weightedBands = bandShares.flatMap((share, band) => Array<number>(share).fill(band));
  const rows: Row[] = [];
  for (const user of users) {
    if (!user.played) continue;
    const band = random.pick(weightedBands);
    const level = random.int(levelBands[band]?.from ?? 0, (levelBands[band + 1]?.from ?? 56) - 1);
    // Anywhere inside the level: the next one starts 40·L + 20 XP higher.
    const total = xpForLevel(level) + random.int(level === 0 ? 0 : 1, 40 * level + 19);
    const skills =
      total === 0 ? [] : random.sample(subSkills, random.int(1, Math.min(12, 1 + Math.floor(level / 3))));
    const weights = skills.map(() => 0.2 + random.next());
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    const shares = weights.map((weight) => Math.floor((total * weight) / weightSum));
    // The rounding remainder goes to the first sub-skill, so the parts add up to the total exactly.
    shares[0] = (shares[0] ?? 0) + total - shares.reduce((sum, share) => sum + share, 0);
    skills.forEach((skill, index) => {
      const xp = shares[index] ?? 0;
      if (xp > 0) rows.push({ user_id: user.id, sub_skill_id: skill.id, xp });
    });
    user.row.xp = total;
  }
  return rows;
}
