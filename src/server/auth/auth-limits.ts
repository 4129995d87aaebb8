import type { RateLimit } from "../rate-limiter.ts";

/** The limits that guard accounts; all are counted in the database (`shared-rate-limiter.ts`). */
export interface AuthLimits {
  /** Failed sign-ins per client address. */
  loginFailuresPerIp: RateLimit;
  /**
   * Failed sign-ins per account (per typed name when it names nobody). Past `limit` the account is
   * guarded, never locked: each attempt on it waits `loginSlowdown` and, with ALTCHA, needs a proof
   * of work issued for that account, harder with every further failure; a correct password with a
   * valid captcha always signs in, so failures from elsewhere cannot keep the owner out. Also the
   * limit of wrong MFA codes after a correct password (only the password's owner gets there).
   */
  loginFailuresPerAccount: RateLimit;
  /** The wait before a guarded account's attempt is checked: `baseMs`, doubled per further failure. */
  loginSlowdown: { baseMs: number; maxMs: number };
  /** Mails with a code (registration, resend, password reset) per address typed. */
  codeMailsPerAddress: RateLimit;
  /** Mails with a code per client address. */
  codeMailsPerIp: RateLimit;
  /** Wrong e-mail-verification and password-reset codes per client address. */
  codeFailuresPerIp: RateLimit;
  /** Checks one code allows, right or wrong; then it dies and a new one must be requested. */
  attemptsPerCode: number;
}

const minutes = (count: number) => count * 60_000;

/**
 * With 5 tries per code and 5 codes an hour per address, guessing a 6-digit code takes about
 * 40,000 hours on average. Five wrong passwords in 15 minutes guard an account: 1 s, 2 s, 4 s … at
 * most 10 s before each attempt is answered, so the owner waits at most that long.
 */
export const defaultAuthLimits: AuthLimits = {
  loginFailuresPerIp: { limit: 30, windowMs: minutes(15) },
  loginFailuresPerAccount: { limit: 5, windowMs: minutes(15) },
  loginSlowdown: { baseMs: 1000, maxMs: 10_000 },
  codeMailsPerAddress: { limit: 5, windowMs: minutes(60) },
  codeMailsPerIp: { limit: 20, windowMs: minutes(60) },
  codeFailuresPerIp: { limit: 20, windowMs: minutes(15) },
  attemptsPerCode: 5,
};

const unlimited: RateLimit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

/**
 * `RATE_LIMITS=0` (end-to-end and load tests on loopback): no request limits. A code still dies
 * after its tries: that is what makes it a secret, not a throttle.
 */
export const noAuthLimits: AuthLimits = {
  loginFailuresPerIp: unlimited,
  loginFailuresPerAccount: unlimited,
  loginSlowdown: { baseMs: 0, maxMs: 0 },
  codeMailsPerAddress: unlimited,
  codeMailsPerIp: unlimited,
  codeFailuresPerIp: unlimited,
  attemptsPerCode: defaultAuthLimits.attemptsPerCode,
};

/** How long an attempt on an account `excess` failures past its limit waits (0: the first past it). */
export function slowdownMs({ baseMs, maxMs }: AuthLimits["loginSlowdown"], excess: number): number {
  if (excess < 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(excess, 30));
}

/**
 * The failure window of a sign-in's account: keyed on the account, so its nickname and its e-mail share
 * one window; a typed name that names nobody has its own.
 */
export function loginAccountKey(user: { id: string } | null, name: string): string {
  return user ? `login-account:${user.id}` : `login-name:${name.trim().toLowerCase()}`;
}
