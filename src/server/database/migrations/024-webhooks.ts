import type { Migration } from "../migrations.ts";

/**
 * Webhooks: a project's outgoing webhooks and their deliveries. A delivery is one
 * event for one webhook, its body written once when the event happened (every retry sends the same
 * bytes) and its last attempt kept beside it for the admin's log. Pending rows are the dispatcher's
 * queue, so a restart keeps what was not yet delivered; the index serves its "due now" read. The
 * event list is a JSON array of event names; deleting a webhook or its project takes its log along.
 */
export const webhooks: Migration = {
  id: 24,
  name: "024-webhooks",
  statements: [
    `CREATE TABLE webhooks (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      secret TEXT NOT NULL,
      events TEXT NOT NULL,
      enabled BOOLEAN NOT NULL DEFAULT TRUE,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX webhooks_project ON webhooks (project_id, created_at)`,
    `CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      last_attempt_at TEXT,
      last_status INTEGER,
      last_response TEXT,
      last_error TEXT,
      last_duration_ms INTEGER,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)`,
    `CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at)`,
  ],
};
