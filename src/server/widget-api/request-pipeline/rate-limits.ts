import { jsonError } from "../../http/json-response.ts";
import type { RateDecision, RateLimit, RateLimiter } from "../../rate-limiter.ts";

export interface WidgetRateLimits {
  /** Every widget request, per client IP. */
  perIp: RateLimit;
  /** Requests that carry a session, per session. */
  perSession: RateLimit;
  /** Session starts, per client IP: each one writes a row. */
  sessionStartsPerIp: RateLimit;
}

export const defaultWidgetRateLimits: WidgetRateLimits = {
  perIp: { limit: 1200, windowMs: 60_000 },
  perSession: { limit: 300, windowMs: 60_000 },
  sessionStartsPerIp: { limit: 60, windowMs: 60_000 },
};

const unlimited: RateLimit = { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 };
export const noWidgetRateLimits: WidgetRateLimits = {
  perIp: unlimited,
  perSession: unlimited,
  sessionStartsPerIp: unlimited,
};

export type WidgetLimiters = Record<keyof WidgetRateLimits, RateLimiter>;

export function createWidgetLimiters(
  limits: WidgetRateLimits,
  rateLimiter: (name: keyof WidgetRateLimits, rate: RateLimit) => RateLimiter,
): WidgetLimiters {
  return {
    perIp: rateLimiter("perIp", limits.perIp),
    perSession: rateLimiter("perSession", limits.perSession),
    sessionStartsPerIp: rateLimiter("sessionStartsPerIp", limits.sessionStartsPerIp),
  };
}

const refusal = (decision: RateDecision): Response | null =>
  decision.allowed
    ? null
    : jsonError(429, "Too many requests, slow down", undefined, {
        headers: { "Retry-After": String(decision.retryAfterSeconds) },
      });

/**
 * The limiter's answer (a 429, or null when the request may go on); waited for only when it is
 * Redis's. An in-memory decision is used as it is: each `await` of a ready value is a turn of the
 * microtask queue, and every request takes two.
 */
export function limitRefusal(limiter: RateLimiter, key: string): Response | null | Promise<Response | null> {
  const decision = limiter.take(key);
  return decision instanceof Promise ? decision.then(refusal) : refusal(decision);
}
