import type { Migration } from "../migrations.ts";

/** Sign-in sessions of the platform: one per login, holding the hash of its current refresh token. */
export const authSessionsSchema: Migration = {
  id: 3,
  name: "003-auth-sessions",
  statements: [
    `CREATE TABLE auth_sessions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      refresh_token_hash TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      last_used_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      revoked_at TEXT
    )`,
    `CREATE INDEX auth_sessions_user ON auth_sessions (user_id)`,
  ],
};
