import type { RateLimit } from "../../rate-limiter.ts";

/** What the install check keeps and lets in (installations.ts). */
export interface InstallationLimits {
  /** Origins kept per project: a new one past this drops the one seen least recently. */
  originsPerProject: number;
  /** Origins new to their project that one client address may add, counted in the database. */
  newOriginsPerAddress: RateLimit;
  /** How long a process lets a known origin be before it writes its "last seen" again. */
  lastSeenRefreshMs: number;
}

const hourMs = 60 * 60_000;

/**
 * A site owner tries a handful of origins (production, staging, a laptop) in an hour; a script making
 * origins up gets ten an hour from an address, so it needs ten hours to push out a hundred sites, and
 * every site still visited keeps itself at the top with each hour's visit.
 */
export const defaultInstallationLimits: InstallationLimits = {
  originsPerProject: 100,
  newOriginsPerAddress: { limit: 10, windowMs: hourMs },
  lastSeenRefreshMs: hourMs,
};

/** `RATE_LIMITS=0` (end-to-end and load tests on loopback): new origins are not counted. */
export const noInstallationLimits: InstallationLimits = {
  ...defaultInstallationLimits,
  newOriginsPerAddress: { limit: Number.POSITIVE_INFINITY, windowMs: hourMs },
};
