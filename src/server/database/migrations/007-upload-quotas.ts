import type { Migration } from "../migrations.ts";

/**
 * Upload quotas: each upload records its widget session, and the quotas are sums over
 * today's rows per session and per project, so they hold across processes and restarts. The indexes
 * end in `size` so those sums read only the index.
 */
export const uploadQuotas: Migration = {
  id: 7,
  name: "007-upload-quotas",
  statements: [
    // Rows from before this migration have no session; they still count for their project.
    `ALTER TABLE uploads ADD COLUMN session_id TEXT REFERENCES widget_sessions (id) ON DELETE SET NULL`,
    `CREATE INDEX uploads_session_created ON uploads (session_id, created_at, size)`,
    `CREATE INDEX uploads_project_created ON uploads (project_id, created_at, size)`,
  ],
};
