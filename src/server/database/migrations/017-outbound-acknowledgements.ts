import type { Migration } from "../migrations.ts";

/**
 * Outbound content that arrives, once, in order, and is counted truthfully: * - A delivery row now means "offered"; the widget acknowledges what the visitor really saw and did
 *   (`shown_at`, `opened_at`, `completed_at`, `closed_at`), and only `shown_at` counts as delivered.
 *   Rows from before were counted as delivered when sent; they keep that meaning (`shown_at` copied),
 *   since nothing better is known of them.
 * - The owner orders takeovers (`priority`, higher first, then publish time), says how often one shows
 *   (`frequency`: once, once per visit, every page view until closed) and when (`starts_at`, `ends_at`).
 * - A visit starts with a session's first activity after 30 minutes of none (`visit_started_at`), for
 *   "once per visit".
 * - `widget_outbound_events` keeps one row per outbound, kind, day and session: the admin's per-day
 *   stats count them, and a repeated acknowledgement changes nothing.
 */
export const outboundAcknowledgements: Migration = {
  id: 17,
  name: "017-outbound-acknowledgements",
  statements: [
    `ALTER TABLE widget_outbounds ADD COLUMN priority INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE widget_outbounds ADD COLUMN frequency TEXT NOT NULL DEFAULT 'once'`,
    `ALTER TABLE widget_outbounds ADD COLUMN starts_at TEXT`,
    `ALTER TABLE widget_outbounds ADD COLUMN ends_at TEXT`,
    `ALTER TABLE widget_outbound_deliveries ADD COLUMN shown_at TEXT`,
    `ALTER TABLE widget_outbound_deliveries ADD COLUMN opened_at TEXT`,
    `ALTER TABLE widget_outbound_deliveries ADD COLUMN completed_at TEXT`,
    `ALTER TABLE widget_outbound_deliveries ADD COLUMN closed_at TEXT`,
    `UPDATE widget_outbound_deliveries SET shown_at = delivered_at`,
    `ALTER TABLE widget_sessions ADD COLUMN visit_started_at TEXT`,
    `CREATE TABLE widget_outbound_events (
      outbound_id TEXT NOT NULL REFERENCES widget_outbounds (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      day TEXT NOT NULL,
      session_id TEXT NOT NULL REFERENCES widget_sessions (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      PRIMARY KEY (outbound_id, kind, day, session_id)
    )`,
    `CREATE INDEX widget_outbound_events_session ON widget_outbound_events (session_id)`,
  ],
};
