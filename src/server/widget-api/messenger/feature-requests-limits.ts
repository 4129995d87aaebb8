import type { SQL } from "bun";
import { recentRequestsOf } from "../../domain/feature-requests/feature-requests-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import { createSharedRateLimiter } from "../../shared-rate-limiter.ts";

/** How much one visitor may put on a project's feature-request board. */
export interface FeatureRequestLimits {
  /** A session's new requests in any 24 hours: a person suggests a few ideas, a script dozens. */
  sessionRequestsPerDay: number;
  /** New requests per client IP per hour, whatever the session: a new session costs one request. */
  ipRequestsPerHour: number;
  /** Vote toggles per session per minute: a person clicks a handful, a script thousands. */
  sessionVotesPerMinute: number;
}

export const defaultFeatureRequestLimits: FeatureRequestLimits = {
  sessionRequestsPerDay: 5,
  ipRequestsPerHour: 20,
  sessionVotesPerMinute: 30,
};

const dayMs = 24 * 60 * 60 * 1000;
/**
 * How long one session's submit holds the board's lock at most: longer than a submit takes, short
 * enough that a process that died holding it does not keep the session out for long.
 */
const submitLockMs = 30_000;

const tooMany = (message: string, retryAfterSeconds: number) =>
  jsonError(429, message, undefined, { headers: { "Retry-After": String(retryAfterSeconds) } });

/**
 * The board's quotas, all counted in the database so they hold across restarts and every server
 * process sharing it: the per-session count of requests is read from the table, the per-IP and vote
 * rates are windows in `rate_limit_counters`, and one submit per session at a time (a lock there too)
 * keeps parallel submits, on one process or several, from all seeing the same count.
 */
export function createFeatureRequestLimiter(
  sql: SQL,
  limits: FeatureRequestLimits = defaultFeatureRequestLimits,
  now: () => number = Date.now,
) {
  const counters = createSharedRateLimiter(sql, now);
  const perIp = { limit: limits.ipRequestsPerHour, windowMs: 60 * 60 * 1000 };
  const votes = { limit: limits.sessionVotesPerMinute, windowMs: 60_000 };

  /** The 429 for a request past a quota, or null once the request may be stored. */
  async function refuseRequest(sessionId: string, ip: string): Promise<Response | null> {
    const time = now();
    const recent = await recentRequestsOf(sql, sessionId, new Date(time - dayMs).toISOString());
    if (recent.count >= limits.sessionRequestsPerDay) {
      // The oldest counted request leaves the 24 hours first.
      const leaves = recent.oldestAt ? Date.parse(recent.oldestAt) + dayMs : time + dayMs;
      return tooMany(
        `You can suggest at most ${limits.sessionRequestsPerDay} features a day`,
        Math.max(1, Math.ceil((leaves - time) / 1000)),
      );
    }
    const decision = await counters.take(`feature-requests-ip:${ip}`, perIp);
    if (!decision.allowed)
      return tooMany("Too many feature requests from your network, try later", decision.retryAfterSeconds);
    return null;
  }

  return {
    /**
     * Runs `store` when the session and its IP are within their quotas, one submit per session at a
     * time; otherwise answers the 429 with `Retry-After`.
     */
    async submit(sessionId: string, ip: string, store: () => Promise<Response>): Promise<Response> {
      const lock = `feature-requests-submitting:${sessionId}`;
      const held = await counters.take(lock, { limit: 1, windowMs: submitLockMs });
      if (!held.allowed) return tooMany("A feature request of yours is still being saved", 1);
      try {
        return (await refuseRequest(sessionId, ip)) ?? (await store());
      } finally {
        await counters.clear(lock);
      }
    },

    /** A 429 when the session toggled votes too often this minute, else null. */
    async refuseVote(sessionId: string): Promise<Response | null> {
      const decision = await counters.take(`feature-request-votes:${sessionId}`, votes);
      return decision.allowed ? null : tooMany("Too many votes, slow down", decision.retryAfterSeconds);
    },
  };
}
