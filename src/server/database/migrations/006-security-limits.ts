import type { Migration } from "../migrations.ts";

/**
 * Limits that must hold across restarts and across several server processes: attempt
 * counters for sign-in and code checks, and the tries a verification code has left.
 */
export const securityLimits: Migration = {
  id: 6,
  name: "006-security-limits",
  statements: [
    // One fixed window per key; `expires_at` in epoch milliseconds, so the sweep is one range delete.
    `CREATE TABLE rate_limit_counters (
      key TEXT PRIMARY KEY,
      hits INTEGER NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX rate_limit_counters_expiry ON rate_limit_counters (expires_at)`,
    // Tries are counted with the code, so a code dies after a few wrong guesses in any process.
    `ALTER TABLE verification_codes ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0`,
  ],
};
