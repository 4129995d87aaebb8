import type { Migration } from "../migrations.ts";

/**
 * Staff roles and invitations (src/shared/team-api.ts):
 * - `users.staff_role`: owner, admin or agent for a staff account (role ADMIN); null for platform users.
 *   Every admin of an earlier release becomes an admin, and one of them the owner: the oldest enabled
 *   one (an installation with the demo data seeded has the demo admin as its oldest), else the oldest
 *   at all, so an installation that has admins always has an owner.
 * - `staff_project_members`: which widget projects a staff member belongs to; an agent sees only these.
 * - `staff_invitations`: an invitation by e-mail. Only the SHA-256 of its link's token is kept;
 *   `pending_key` holds the address while the invitation can still be accepted (null once accepted or
 *   revoked), so one address has one pending invitation even when two admins invite it at once.
 *   `mfa_secret` is the authenticator secret the invited person set up on the accept page when the
 *   workspace requires two-factor authentication; it moves to the account on acceptance.
 */
export const staffRoles: Migration = {
  id: 39,
  name: "039-staff-roles",
  statements: [
    `ALTER TABLE users ADD COLUMN staff_role TEXT`,
    `UPDATE users SET staff_role = 'admin' WHERE role = 'ADMIN'`,
    `UPDATE users SET staff_role = 'owner' WHERE id = (
      SELECT id FROM users WHERE role = 'ADMIN'
      ORDER BY CASE WHEN enabled = TRUE THEN 0 ELSE 1 END,
        CASE WHEN email = 'admin@example.com' THEN 0 ELSE 1 END, created_at, id
      LIMIT 1)`,
    `CREATE TABLE staff_project_members (
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      PRIMARY KEY (user_id, project_id)
    )`,
    `CREATE INDEX staff_project_members_project ON staff_project_members (project_id)`,
    `CREATE TABLE staff_invitations (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      role TEXT NOT NULL,
      project_ids TEXT NOT NULL DEFAULT '[]',
      token_hash TEXT NOT NULL UNIQUE,
      pending_key TEXT UNIQUE,
      invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
      created_at TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      accepted_at TEXT,
      accepted_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      revoked_at TEXT,
      mfa_secret TEXT
    )`,
    `CREATE INDEX staff_invitations_created ON staff_invitations (created_at)`,
  ],
};
