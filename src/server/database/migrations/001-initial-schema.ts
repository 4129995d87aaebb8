import type { Migration } from "../migrations.ts";

export const initialSchema: Migration = {
  id: 1,
  name: "001-initial-schema",
  statements: [
    `CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    )`,
    // Platform accounts. `name_key` and `email` hold lower-cased values so that uniqueness is
    // case-insensitive on both engines without engine-specific collations or functional indexes.
    `CREATE TABLE users (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      email TEXT UNIQUE,
      password_hash TEXT NOT NULL,
      role TEXT NOT NULL DEFAULT 'USER',
      enabled BOOLEAN NOT NULL DEFAULT TRUE,
      email_verified BOOLEAN NOT NULL DEFAULT FALSE,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE widget_projects (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      sdk_key TEXT NOT NULL UNIQUE,
      secret TEXT NOT NULL,
      flow_config TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE widget_sessions (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      user_id TEXT,
      name TEXT,
      email TEXT,
      phone TEXT,
      value DOUBLE PRECISION,
      custom_data TEXT NOT NULL DEFAULT '{}',
      lang TEXT,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL
    )`,
    `CREATE INDEX widget_sessions_project ON widget_sessions (project_id, last_seen_at)`,
  ],
};
