import type { Migration } from "../migrations.ts";

/**
 * A pasted snippet just works: * - Waiting for cookie consent became a project setting (`requireCookieConsent`, off for a new project).
 *   Projects made before it always waited, so they are set to keep waiting: a site that relies on the
 *   gate does not start collecting without consent after an update. The flow config is JSON text, and
 *   SQLite and PostgreSQL share no JSON functions, so the key is put in front as text (a later key of
 *   the same name would win on parse; there is none yet).
 * - The install panel shows where the snippet has been seen: the first session from each origin.
 */
export const installCheck: Migration = {
  id: 16,
  name: "016-install-check",
  statements: [
    `UPDATE widget_projects SET flow_config = '{"requireCookieConsent":true}' WHERE flow_config = '{}'`,
    `UPDATE widget_projects SET flow_config = '{"requireCookieConsent":true,' || substr(flow_config, 2)
      WHERE flow_config LIKE '{"%'`,
    `CREATE TABLE widget_installations (
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      origin TEXT NOT NULL,
      first_seen_at TEXT NOT NULL,
      PRIMARY KEY (project_id, origin)
    )`,
  ],
};
