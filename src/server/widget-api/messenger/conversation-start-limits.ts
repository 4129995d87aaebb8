import { jsonError } from "../../http/json-response.ts";
import type { RateLimit } from "../../rate-limiter.ts";
import type { SharedRateLimiter } from "../../shared-rate-limiter.ts";

/**
 * How many new conversations one visitor may open. Each one lands in the team's inbox and may become
 * an unread alert, so the bound is counted in the database (`rate_limit_counters`): it holds across
 * restarts and every server process sharing the database counts into the same window.
 */
export interface ConversationStartLimits {
  /** Per widget session: a person opens one or two, a script dozens. */
  perSession: RateLimit;
  /** Per client address, whatever the session: a new session costs nothing, so the address bounds it. */
  perIp: RateLimit;
}

const hourMs = 60 * 60 * 1000;

export const defaultConversationStartLimits: ConversationStartLimits = {
  perSession: { limit: 5, windowMs: hourMs },
  perIp: { limit: 20, windowMs: hourMs },
};

const unlimited: RateLimit = { limit: Number.POSITIVE_INFINITY, windowMs: hourMs };

/** `RATE_LIMITS=0` (load and end-to-end tests on loopback): nothing is counted. */
export const noConversationStartLimits: ConversationStartLimits = { perSession: unlimited, perIp: unlimited };

const tooMany = (message: string, retryAfterSeconds: number) =>
  jsonError(429, message, undefined, { headers: { "Retry-After": String(retryAfterSeconds) } });

export function createConversationStartLimiter(
  limiter: SharedRateLimiter,
  limits: ConversationStartLimits = defaultConversationStartLimits,
) {
  const counts = (rate: RateLimit) => Number.isFinite(rate.limit);

  return {
    /**
     * Counts one new conversation for the session and its address; the 429 (with `Retry-After`) when
     * either is past its limit, else null. A start refused for the session does not count for the
     * address, and one refused for the address gives the session's hit back, so only starts that
     * happen use up either window.
     */
    async refuse(sessionId: string, ip: string): Promise<Response | null> {
      const sessionKey = `conversation-starts-session:${sessionId}`;
      if (counts(limits.perSession)) {
        const decision = await limiter.take(sessionKey, limits.perSession);
        if (!decision.allowed)
          return tooMany(
            `You can start at most ${limits.perSession.limit} conversations an hour; continue in one you have`,
            decision.retryAfterSeconds,
          );
      }
      if (counts(limits.perIp)) {
        const decision = await limiter.take(`conversation-starts-ip:${ip}`, limits.perIp);
        if (!decision.allowed) {
          if (counts(limits.perSession)) await limiter.refund(sessionKey);
          return tooMany(
            "Too many new conversations from your network, try later",
            decision.retryAfterSeconds,
          );
        }
      }
      return null;
    },
  };
}

export type ConversationStartLimiter = ReturnType<typeof createConversationStartLimiter>;
