import type { RedisClient } from "bun";
import type { Logger } from "./logger.ts";
import { createRateLimiter, type RateDecision, type RateLimit, type RateLimiter } from "./rate-limiter.ts";

/**
 * Counts one hit and answers `[hits, milliseconds left in the window]`. The window starts with its
 * first hit and ends when the key expires, as in the in-memory limiter; one script keeps the count and
 * the expiry atomic, so no key is ever left without an expiry.
 */
const takeScript = `local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {hits, left}`;

/** Turns the script's answer into a decision; pure, so the rounding is tested without Redis. */
export function decideFromWindow(hits: number, leftMs: number, limit: number): RateDecision {
  if (hits <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
}

/**
 * A fixed-window limiter whose counters live in Redis, so every server process sharing it counts into
 * the same window (with `REDIS_URL`, a visitor spread over several processes meets one limit, not one
 * per process). `name` keeps the limiters' keys apart. When Redis fails, the process falls back to its
 * own in-memory window for that hit (a flood is still stopped) and logs once until Redis answers again.
 */
export function createRedisRateLimiter(
  redis: RedisClient,
  name: string,
  rate: RateLimit,
  logger: Logger,
): RateLimiter {
  const fallback = createRateLimiter(rate);
  let failing = false;
  // An unlimited rate (RATE_LIMITS=0) needs no round trip.
  if (!Number.isFinite(rate.limit)) return fallback;
  return {
    async take(key) {
      try {
        const answer = (await redis.send("EVAL", [
          takeScript,
          "1",
          `rate:${name}:${key}`,
          String(rate.windowMs),
        ])) as [number, number];
        failing = false;
        return decideFromWindow(Number(answer[0]), Number(answer[1]), rate.limit);
      } catch (error) {
        if (!failing)
          logger.warn("shared rate limit unavailable, counting in this process", { error: String(error) });
        failing = true;
        return fallback.take(key);
      }
    },
    // Redis expires the windows itself; only the fallback's are swept here.
    sweep: () => fallback.sweep(),
    get size() {
      return fallback.size;
    },
  };
}
