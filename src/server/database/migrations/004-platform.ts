import type { Migration } from "../migrations.ts";

/**
 * The learning and jobs platform (admin-dashboard spec §3, PLATFORM-DOMAIN.md): accounts, coins, XP,
 * bans, companies and jobs, challenges and their tasks, the skill tree, reports, mail and the audit log.
 * Same portable SQL as every migration: TEXT ids, ISO TEXT dates, JSON as TEXT, BOOLEAN read through
 * Boolean(), lower-cased key columns for case-insensitive uniqueness.
 */
export const platformSchema: Migration = {
  id: 4,
  name: "004-platform",
  statements: [
    // Accounts: profile, MFA, newsletter, coins (balance) and the last login.
    `ALTER TABLE users ADD COLUMN display_name TEXT`,
    `ALTER TABLE users ADD COLUMN first_name TEXT`,
    `ALTER TABLE users ADD COLUMN last_name TEXT`,
    `ALTER TABLE users ADD COLUMN city TEXT`,
    `ALTER TABLE users ADD COLUMN country TEXT`,
    `ALTER TABLE users ADD COLUMN description TEXT`,
    `ALTER TABLE users ADD COLUMN tags TEXT NOT NULL DEFAULT '[]'`,
    `ALTER TABLE users ADD COLUMN newsletter BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE users ADD COLUMN mfa_enabled BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE users ADD COLUMN mfa_secret TEXT`,
    `ALTER TABLE users ADD COLUMN mfa_recovery_hash TEXT`,
    `ALTER TABLE users ADD COLUMN balance INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE users ADD COLUMN xp INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE users ADD COLUMN last_login_at TEXT`,
    `CREATE INDEX users_created ON users (created_at)`,
    `CREATE INDEX users_role ON users (role, enabled)`,
    `CREATE INDEX users_xp ON users (xp)`,
    `CREATE TABLE coin_transactions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      amount INTEGER NOT NULL,
      description TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX coin_transactions_user ON coin_transactions (user_id, created_at)`,
    `CREATE TABLE bans (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      admin_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      action TEXT NOT NULL,
      reason TEXT NOT NULL DEFAULT '',
      starts_at TEXT NOT NULL,
      ends_at TEXT,
      lifted_at TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX bans_user ON bans (user_id, action)`,
    // Skill tree: root skills on a grid (slug ids chosen at creation), sub-skills on each root's grid.
    `CREATE TABLE root_skills (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      icon TEXT NOT NULL DEFAULT '',
      grid_row INTEGER NOT NULL,
      grid_column INTEGER NOT NULL,
      sub_rows INTEGER NOT NULL DEFAULT 4,
      sub_columns INTEGER NOT NULL DEFAULT 4,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE TABLE root_skill_dependencies (
      skill_id TEXT NOT NULL REFERENCES root_skills (id) ON DELETE CASCADE,
      depends_on_id TEXT NOT NULL REFERENCES root_skills (id) ON DELETE CASCADE,
      PRIMARY KEY (skill_id, depends_on_id)
    )`,
    `CREATE TABLE sub_skills (
      id TEXT PRIMARY KEY,
      root_id TEXT NOT NULL REFERENCES root_skills (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      icon TEXT NOT NULL DEFAULT '',
      grid_row INTEGER NOT NULL,
      grid_column INTEGER NOT NULL,
      courses TEXT NOT NULL DEFAULT '[]',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX sub_skills_root ON sub_skills (root_id)`,
    `CREATE TABLE sub_skill_dependencies (
      skill_id TEXT NOT NULL REFERENCES sub_skills (id) ON DELETE CASCADE,
      depends_on_id TEXT NOT NULL REFERENCES sub_skills (id) ON DELETE CASCADE,
      PRIMARY KEY (skill_id, depends_on_id)
    )`,
    `CREATE TABLE user_skill_xp (
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      sub_skill_id TEXT NOT NULL REFERENCES sub_skills (id) ON DELETE CASCADE,
      xp INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, sub_skill_id)
    )`,
    // Companies and jobs.
    `CREATE TABLE companies (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      description TEXT NOT NULL DEFAULT '',
      website TEXT,
      video_url TEXT,
      twitter TEXT,
      instagram TEXT,
      logo_url TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE TABLE jobs (
      id TEXT PRIMARY KEY,
      company_id TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '',
      remote BOOLEAN NOT NULL DEFAULT FALSE,
      job_type TEXT NOT NULL,
      professional_level TEXT NOT NULL,
      responsibilities TEXT NOT NULL DEFAULT '[]',
      salary_min INTEGER NOT NULL,
      salary_max INTEGER NOT NULL,
      salary_unit TEXT NOT NULL,
      salary_per TEXT NOT NULL,
      contact TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX jobs_company ON jobs (company_id)`,
    `CREATE INDEX jobs_updated ON jobs (updated_at)`,
    `CREATE TABLE job_skill_requirements (
      job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
      sub_skill_id TEXT NOT NULL REFERENCES sub_skills (id) ON DELETE CASCADE,
      min_level INTEGER NOT NULL,
      PRIMARY KEY (job_id, sub_skill_id)
    )`,
    // Challenges, their categories and tasks of four kinds (kind-specific content as JSON).
    `CREATE TABLE challenge_categories (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      information TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE TABLE challenges (
      id TEXT PRIMARY KEY,
      category_id TEXT REFERENCES challenge_categories (id) ON DELETE SET NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      difficulty TEXT NOT NULL,
      status TEXT NOT NULL,
      creator_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX challenges_category ON challenges (category_id)`,
    `CREATE TABLE challenge_skills (
      challenge_id TEXT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
      sub_skill_id TEXT NOT NULL REFERENCES sub_skills (id) ON DELETE CASCADE,
      PRIMARY KEY (challenge_id, sub_skill_id)
    )`,
    `CREATE TABLE tasks (
      id TEXT PRIMARY KEY,
      challenge_id TEXT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      creator_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      xp INTEGER NOT NULL DEFAULT 0,
      coins INTEGER NOT NULL DEFAULT 0,
      fee INTEGER NOT NULL DEFAULT 0,
      enabled BOOLEAN NOT NULL DEFAULT TRUE,
      retired BOOLEAN NOT NULL DEFAULT FALSE,
      content TEXT NOT NULL,
      positive_ratings INTEGER NOT NULL DEFAULT 0,
      negative_ratings INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX tasks_challenge ON tasks (challenge_id)`,
    `CREATE INDEX tasks_creator ON tasks (creator_id)`,
    // Reports against tasks. The task may be deleted by a resolution; its snapshot keeps the report readable.
    `CREATE TABLE reports (
      id TEXT PRIMARY KEY,
      task_id TEXT REFERENCES tasks (id) ON DELETE SET NULL,
      task_snapshot TEXT NOT NULL,
      reporter_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      reason TEXT NOT NULL,
      comment TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      resolved_at TEXT,
      resolution TEXT,
      resolver_id TEXT REFERENCES users (id) ON DELETE SET NULL
    )`,
    `CREATE INDEX reports_open ON reports (resolved_at, created_at)`,
    `CREATE INDEX reports_task ON reports (task_id)`,
    // Rotating refresh tokens: a used token shown again reveals a stolen copy and ends its session.
    `CREATE TABLE auth_refresh_tokens (
      token_hash TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      used_at TEXT
    )`,
    `CREATE TABLE verification_codes (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX verification_codes_user ON verification_codes (user_id, purpose)`,
    `CREATE TABLE mail_outbox (
      id TEXT PRIMARY KEY,
      to_address TEXT NOT NULL,
      subject TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at TEXT NOT NULL,
      sent_at TEXT,
      error TEXT
    )`,
    `CREATE TABLE audit_log (
      id TEXT PRIMARY KEY,
      actor_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      action TEXT NOT NULL,
      entity TEXT NOT NULL,
      entity_id TEXT,
      details TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX audit_log_created ON audit_log (created_at)`,
  ],
};
