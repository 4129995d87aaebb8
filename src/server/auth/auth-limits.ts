import type { RateLimit } from "../rate-limiter.ts";

/** The limits that guard accounts; all are counted in the database (`shared-rate-limiter.ts`). */
export interface AuthLimits {
  /** Failed sign-ins per client address. */
  loginFailuresPerIp: RateLimit;
  /**
   * Failed sign-ins per account (per typed name when it names nobody). Past it the account waits
   * out the window, except that a correct password with a valid MFA or recovery code still signs in,
   * so failures from elsewhere cannot lock a second-factor owner out.
   */
  loginFailuresPerAccount: RateLimit;
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
 * 40,000 hours on average; the account window is short (5 minutes) so an attacker's failures
 * delay the owner rather than lock them out.
 */
export const defaultAuthLimits: AuthLimits = {
  loginFailuresPerIp: { limit: 30, windowMs: minutes(15) },
  loginFailuresPerAccount: { limit: 10, windowMs: minutes(5) },
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
  codeMailsPerAddress: unlimited,
  codeMailsPerIp: unlimited,
  codeFailuresPerIp: unlimited,
  attemptsPerCode: defaultAuthLimits.attemptsPerCode,
};
