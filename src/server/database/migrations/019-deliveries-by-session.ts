import type { Migration } from "../migrations.ts";

/**
 * A session's delivery rows are read by session (the badge's unread notifications on every
 * ping and for every visitor a publish reaches, a session's deletion cascading), but the primary key
 * starts with the outbound, so each of those reads scanned every delivery of the content. Indexed by
 * session (and covering the unread count's columns), a publish to 5,000 visitors counts their unread
 * notifications without reading the rest.
 */
export const deliveriesBySession: Migration = {
  id: 19,
  name: "019-deliveries-by-session",
  statements: [
    `CREATE INDEX widget_outbound_deliveries_session ON widget_outbound_deliveries (session_id, read_at, outbound_id)`,
  ],
};
