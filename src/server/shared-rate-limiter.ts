import type { SQL } from "bun";
import type { RateLimit } from "./rate-limiter.ts";

export interface SharedRateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Hits in the current window, this one included. */
  hits: number;
}

/**
 * Fixed-window counters in the database, for the limits that guard accounts: unlike the in-memory
 * limiter of the widget API, they survive a restart and every server process sharing the database
 * counts into the same window. One upsert per hit, atomic on SQLite and PostgreSQL alike.
 */
export function createSharedRateLimiter(sql: SQL, now: () => number = Date.now) {
  return {
    /** Counts one hit for `key` and says whether it is still within `limit`. */
    async take(key: string, { limit, windowMs }: RateLimit): Promise<SharedRateDecision> {
      const time = now();
      const [row] = await sql`INSERT INTO rate_limit_counters (key, hits, expires_at)
        VALUES (${key}, 1, ${time + windowMs})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limit_counters.expires_at <= ${time} THEN 1
            ELSE rate_limit_counters.hits + 1 END,
          expires_at = CASE WHEN rate_limit_counters.expires_at <= ${time} THEN ${time + windowMs}
            ELSE rate_limit_counters.expires_at END
        RETURNING hits, expires_at`;
      return decide(Number(row.hits), Number(row.expires_at), limit, time);
    },

    /** Hits in `key`'s current window (0 when it has none or it ended). */
    async hits(key: string): Promise<number> {
      const [row] =
        await sql`SELECT hits FROM rate_limit_counters WHERE key = ${key} AND expires_at > ${now()}`;
      return row ? Number(row.hits) : 0;
    },

    /** Gives back a hit that turned out not to count (a successful attempt). */
    async refund(key: string): Promise<void> {
      await sql`UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = ${key} AND hits > 0`;
    },

    /** Forgets `key`'s window (a successful sign-in clears the account's failures). */
    async clear(key: string): Promise<void> {
      await sql`DELETE FROM rate_limit_counters WHERE key = ${key}`;
    },

    /** Drops windows that have ended; the server calls it every minute. */
    async sweep(): Promise<void> {
      await sql`DELETE FROM rate_limit_counters WHERE expires_at <= ${now()}`;
    },
  };
}

export type SharedRateLimiter = ReturnType<typeof createSharedRateLimiter>;

function decide(hits: number, expiresAt: number, limit: number, time: number): SharedRateDecision {
  if (hits <= limit) return { allowed: true, retryAfterSeconds: 0, hits };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((expiresAt - time) / 1000)), hits };
}
