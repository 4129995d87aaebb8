import type { SQL } from "bun";
import { recentRequestsOf } from "../../domain/feature-requests/feature-requests-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import { createRateLimiter, type LocalRateLimiter } from "../../rate-limiter.ts";

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
/** Past this many tracked keys, a limiter drops its ended windows (no timer to stop on shutdown). */
const sweepAbove = 10_000;

const tooMany = (message: string, retryAfterSeconds: number) =>
  jsonError(429, message, undefined, { headers: { "Retry-After": String(retryAfterSeconds) } });

function take(limiter: LocalRateLimiter, key: string) {
  if (limiter.size > sweepAbove) limiter.sweep();
  return limiter.take(key);
}

/**
 * The board's quotas. The per-session count of requests is read from the table, so it holds across
 * restarts and processes; one submit per session at a time keeps parallel submits from all seeing
 * the same count. The per-IP and vote rates are in memory, like the widget API's other rates.
 */
export function createFeatureRequestLimiter(
  sql: SQL,
  limits: FeatureRequestLimits = defaultFeatureRequestLimits,
  now: () => number = Date.now,
) {
  const perIp = createRateLimiter({ limit: limits.ipRequestsPerHour, windowMs: 60 * 60 * 1000 }, now);
  const votes = createRateLimiter({ limit: limits.sessionVotesPerMinute, windowMs: 60_000 }, now);
  const submitting = new Set<string>();

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
    const decision = take(perIp, ip);
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
      if (submitting.has(sessionId)) return tooMany("A feature request of yours is still being saved", 1);
      submitting.add(sessionId);
      try {
        return (await refuseRequest(sessionId, ip)) ?? (await store());
      } finally {
        submitting.delete(sessionId);
      }
    },

    /** A 429 when the session toggled votes too often this minute, else null. */
    refuseVote(sessionId: string): Response | null {
      const decision = take(votes, sessionId);
      return decision.allowed ? null : tooMany("Too many votes, slow down", decision.retryAfterSeconds);
    },
  };
}
