import type { Migration } from "../migrations.ts";

/** Tables of the Gleap-compatible widget API: sessions' activity, reports, uploads, outbound content. */
export const widgetApiSchema: Migration = {
  id: 2,
  name: "002-widget-api",
  statements: [
    // Projects: identity verification, allowed host origins (JSON array; empty = any origin),
    // per-language overrides ({ lang: { flowConfig?, staticTranslations? } }) and the report counter
    // behind short human ids.
    `ALTER TABLE widget_projects ADD COLUMN identity_verification BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE widget_projects ADD COLUMN allowed_origins TEXT NOT NULL DEFAULT '[]'`,
    `ALTER TABLE widget_projects ADD COLUMN language_overrides TEXT NOT NULL DEFAULT '{}'`,
    `ALTER TABLE widget_projects ADD COLUMN report_counter INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE widget_sessions ADD COLUMN duration_seconds INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE widget_sessions ADD COLUMN page_views INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE widget_sessions ADD COLUMN last_page TEXT`,
    `ALTER TABLE widget_sessions ADD COLUMN sdk_version TEXT`,
    // An anonymous session that identified as a known user is merged into that user's session.
    `ALTER TABLE widget_sessions ADD COLUMN merged_into TEXT`,
    `CREATE INDEX widget_sessions_user ON widget_sessions (project_id, user_id)`,
    `CREATE TABLE widget_events (
      id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      occurred_at TEXT NOT NULL,
      data TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX widget_events_session ON widget_events (session_id, occurred_at)`,
    `CREATE TABLE feedback_reports (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      session_id TEXT REFERENCES widget_sessions (id) ON DELETE SET NULL,
      number INTEGER NOT NULL,
      type TEXT NOT NULL,
      priority TEXT NOT NULL,
      status TEXT NOT NULL,
      is_silent BOOLEAN NOT NULL DEFAULT FALSE,
      outbound TEXT,
      spam_token TEXT,
      tags TEXT NOT NULL DEFAULT '[]',
      form_data TEXT NOT NULL DEFAULT '{}',
      meta_data TEXT NOT NULL DEFAULT '{}',
      console_log TEXT NOT NULL DEFAULT '[]',
      network_logs TEXT NOT NULL DEFAULT '[]',
      custom_event_log TEXT NOT NULL DEFAULT '[]',
      custom_data TEXT NOT NULL DEFAULT '{}',
      ticket_attributes TEXT NOT NULL DEFAULT '{}',
      exclude_data TEXT NOT NULL DEFAULT '{}',
      screenshot TEXT,
      screenshot_html_key TEXT,
      web_replay_key TEXT,
      screen_recording_url TEXT,
      created_at TEXT NOT NULL,
      UNIQUE (project_id, number)
    )`,
    `CREATE INDEX feedback_reports_created ON feedback_reports (created_at)`,
    `CREATE INDEX feedback_reports_filter ON feedback_reports (type, status, created_at)`,
    `CREATE TABLE uploads (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      storage_key TEXT NOT NULL UNIQUE,
      content_type TEXT NOT NULL,
      size BIGINT NOT NULL,
      original_name TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE widget_tooltips (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      status TEXT NOT NULL,
      config TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX widget_tooltips_project ON widget_tooltips (project_id, status)`,
    // Outbound content of every kind: tour, checklist, notification, banner, modal, survey.
    `CREATE TABLE widget_outbounds (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      status TEXT NOT NULL,
      name TEXT NOT NULL,
      config TEXT NOT NULL DEFAULT '{}',
      page_filter TEXT NOT NULL DEFAULT '',
      page_filter_type TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    `CREATE INDEX widget_outbounds_project ON widget_outbounds (project_id, status, type)`,
    `CREATE TABLE widget_outbound_deliveries (
      outbound_id TEXT NOT NULL REFERENCES widget_outbounds (id) ON DELETE CASCADE,
      session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
      delivered_at TEXT NOT NULL,
      read_at TEXT,
      PRIMARY KEY (outbound_id, session_id)
    )`,
    `CREATE TABLE widget_checklists (
      id TEXT PRIMARY KEY,
      outbound_id TEXT NOT NULL REFERENCES widget_outbounds (id) ON DELETE CASCADE,
      session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
      shared_key TEXT NOT NULL DEFAULT '',
      completed_steps TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL DEFAULT 'open',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (outbound_id, session_id, shared_key)
    )`,
  ],
};
