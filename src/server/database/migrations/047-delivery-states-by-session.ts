import type { Migration } from "../migrations.ts";

/**
 * Every ping of a site with live content reads what its session saw of it (shown, last shown, closed,
 * completed). The index by session (019) holds only the unread count's columns, so each of those reads
 * went on from the index to the table row: a second b-tree search that was about half of the read's
 * cost. This one holds every column the read asks for.
 */
export const deliveryStatesBySession: Migration = {
  id: 47,
  name: "047-delivery-states-by-session",
  statements: [
    `CREATE INDEX widget_outbound_deliveries_states ON widget_outbound_deliveries
      (session_id, outbound_id, shown_at, last_shown_at, closed_at, completed_at)`,
  ],
};
