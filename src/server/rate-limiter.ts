export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Fixed-window counting per key: in this process's memory, or shared in Redis (redis-rate-limiter.ts). */
export interface RateLimiter {
  take(key: string): RateDecision | Promise<RateDecision>;
  /** Drops ended windows kept in memory. */
  sweep(): void;
  /** Keys with a window in memory. */
  readonly size: number;
}

/**
 * Fixed-window counters in memory, one per key. Good enough for one process; with several processes
 * (and no Redis) each enforces its own share, which still stops a flood. Old windows are swept as they
 * are touched and by `sweep()`, so memory stays bounded by the number of active keys.
 */
export function createRateLimiter({ limit, windowMs }: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key: string): RateDecision {
      const time = now();
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)),
      };
    },
    sweep() {
      const time = now();
      for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
    },
    get size() {
      return windows.size;
    },
  };
}

export type LocalRateLimiter = ReturnType<typeof createRateLimiter>;
