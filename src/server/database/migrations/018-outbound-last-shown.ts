import type { Migration } from "../migrations.ts";

/**
 * "Once per visit": `shown_at` keeps the first time a session saw an outbound (the stats'
 * delivered), so whether it was shown in the current visit needs the latest time: `last_shown_at`.
 * Rows from before take the first time, the only one known.
 */
export const outboundLastShown: Migration = {
  id: 18,
  name: "018-outbound-last-shown",
  statements: [
    `ALTER TABLE widget_outbound_deliveries ADD COLUMN last_shown_at TEXT`,
    `UPDATE widget_outbound_deliveries SET last_shown_at = shown_at`,
  ],
};
