import type { Migration } from "../migrations.ts";

/**
 * Security and privacy: who a visitor is, and what visitors may publish.
 *
 * - `widget_sessions.user_verified`: the session's user id came with a valid `userHash`. Only such
 *   sessions are found by user id (to merge another browser's session into), so a visitor who merely
 *   claims a user id never reaches that user's history, nor plants a session the user lands in.
 *   Sessions identified on a project that verifies identities were verified to get their user id.
 *   On a project that does not, every earlier merge was made on a mere claim (possibly someone else's
 *   user id), and the merged session's id and hash still opened the user's session: those links are
 *   cut. The history stays with the user's session; the old id is its own, emptied session again.
 * - `widget_projects.feature_request_approval`: visitors' new feature requests wait for an admin.
 * - `feature_requests.approved`: whether others see it; everything stored before is public already.
 */
export const visitorIdentity: Migration = {
  id: 12,
  name: "012-visitor-identity",
  statements: [
    `ALTER TABLE widget_sessions ADD COLUMN user_verified BOOLEAN NOT NULL DEFAULT FALSE`,
    `UPDATE widget_sessions SET user_verified = TRUE
      WHERE user_id IS NOT NULL
        AND project_id IN (SELECT id FROM widget_projects WHERE identity_verification = TRUE)`,
    `UPDATE widget_sessions SET merged_into = NULL
      WHERE merged_into IS NOT NULL
        AND project_id IN (SELECT id FROM widget_projects WHERE identity_verification = FALSE)`,
    `ALTER TABLE widget_projects ADD COLUMN feature_request_approval BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE feature_requests ADD COLUMN approved BOOLEAN NOT NULL DEFAULT TRUE`,
    // The per-session quota counts a session's recent requests.
    `CREATE INDEX feature_requests_session ON feature_requests (session_id, created_at)`,
  ],
};
