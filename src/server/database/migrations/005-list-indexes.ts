import type { Migration } from "../migrations.ts";

/**
 * Indexes for the admin lists at 100,000 users (bench/platform-api.ts): each sortable column with the
 * id tie-breaker, so a page is an index walk instead of a sort, and a covering index for the search,
 * so counting matches reads the small index rather than every row.
 */
export const listIndexes: Migration = {
  id: 5,
  name: "005-list-indexes",
  statements: [
    `DROP INDEX users_created`,
    `CREATE INDEX users_created_id ON users (created_at, id)`,
    `DROP INDEX users_xp`,
    `CREATE INDEX users_xp_id ON users (xp, id)`,
    `CREATE INDEX users_balance_id ON users (balance, id)`,
    `CREATE INDEX users_last_login_id ON users (last_login_at, id)`,
    `CREATE INDEX users_search ON users (name_key, email, enabled)`,
  ],
};
