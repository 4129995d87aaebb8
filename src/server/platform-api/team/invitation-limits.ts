import type { RateLimit } from "../../rate-limiter.ts";

/** The limits on invitations; both are counted in the database (`shared-rate-limiter.ts`). */
export interface InvitationLimits {
  /** Invitations made or resent per inviter: each one is a mail to an address they chose. */
  sentPerInviter: RateLimit;
  /** Calls of the signed-out invitation routes (look-up, two-factor setup, accept) per client address. */
  tokenCallsPerIp: RateLimit;
}

const minutes = (count: number) => count * 60_000;

/** A token has 256 random bits, so the address limit bounds the work a visitor can cause, not guessing. */
export const defaultInvitationLimits: InvitationLimits = {
  sentPerInviter: { limit: 50, windowMs: minutes(60) },
  tokenCallsPerIp: { limit: 30, windowMs: minutes(15) },
};

const unlimited: RateLimit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

/** `RATE_LIMITS=0`: none (end-to-end and load tests on loopback). */
export const noInvitationLimits: InvitationLimits = { sentPerInviter: unlimited, tokenCallsPerIp: unlimited };
