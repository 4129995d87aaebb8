import type { SQL } from "bun";
import type { OutboundEventKind } from "../../../shared/outbound-api.ts";

/** The column of `widget_outbound_deliveries` each acknowledgement sets the first time. */
const deliveryColumn: Record<OutboundEventKind, string> = {
  shown: "shown_at",
  opened: "opened_at",
  completed: "completed_at",
  closed: "closed_at",
};

export interface OutboundEvent {
  outboundId: string;
  sessionId: string;
  kind: OutboundEventKind;
  /** ISO time; its date (UTC) is the stats' day. */
  at: string;
}

/**
 * Records what the widget acknowledged of an outbound: the delivery row's first time of
 * that kind, and one row per outbound, kind, day and session for the admin's per-day stats. A repeated
 * acknowledgement changes nothing. Answers whether the stats changed (a new row), so the caller tells
 * the admins' open pages only then. Creates the delivery row when an acknowledgement comes for content
 * the session got another way (a host's `showBanner`, a link).
 */
export async function recordOutboundEvent(sql: SQL, event: OutboundEvent): Promise<boolean> {
  const column = deliveryColumn[event.kind];
  return sql.begin(async (tx) => {
    await tx`INSERT INTO widget_outbound_deliveries (outbound_id, session_id, delivered_at)
      VALUES (${event.outboundId}, ${event.sessionId}, ${event.at})
      ON CONFLICT (outbound_id, session_id) DO NOTHING`;
    // The column name comes from the table above, never from the request.
    await tx.unsafe(
      `UPDATE widget_outbound_deliveries SET ${column} = COALESCE(${column}, $1)
        WHERE outbound_id = $2 AND session_id = $3`,
      [event.at, event.outboundId, event.sessionId],
    );
    const inserted = await tx`INSERT INTO widget_outbound_events (outbound_id, kind, day, session_id, at)
      VALUES (${event.outboundId}, ${event.kind}, ${event.at.slice(0, 10)}, ${event.sessionId}, ${event.at})
      ON CONFLICT (outbound_id, kind, day, session_id) DO NOTHING RETURNING outbound_id`;
    return inserted.length > 0;
  });
}
