import type { SQL } from "bun";
import { type Outbound, type OutboundRow, outboundFromRow } from "./outbound-repository.ts";
import type { DeliveryState } from "./takeover-queue.ts";

/**
 * The ping's reads of live content, split in two so the project-wide half can be kept in memory
 * (widget-lookup-cache.ts) and the per-session half is only read when something could be offered.
 */

/** Live content that goes out as actions: everything but checklists, which a client opens itself. */
export type LiveOutbound = Outbound;

const actionTypes = ["notification", "banner", "modal", "tour", "survey"] as const;

/** The project's live content that goes out as actions, whatever the session has seen of it. */
export async function listLiveContent(sql: SQL, projectId: string): Promise<LiveOutbound[]> {
  const rows = await sql`SELECT * FROM widget_outbounds
    WHERE project_id = ${projectId} AND status = ${"live"} AND type IN ${sql([...actionTypes])}`;
  return (rows as OutboundRow[]).map(outboundFromRow);
}

export interface DeliveryRow {
  outbound_id: string;
  shown_at: string | null;
  last_shown_at: string | null;
  closed_at: string | null;
  completed_at: string | null;
}

/** The states of the rows' outbounds, of those in `wanted` when it is given. */
export const statesOfRows = (rows: readonly DeliveryRow[], wanted: ReadonlySet<string> | null) => {
  const states = new Map<string, DeliveryState>();
  for (const row of rows)
    if (wanted === null || wanted.has(row.outbound_id))
      states.set(row.outbound_id, {
        shownAt: row.shown_at,
        lastShownAt: row.last_shown_at,
        closedAt: row.closed_at,
        completedAt: row.completed_at,
      });
  return states;
};

/** What the session's delivery rows say of these outbounds; one never offered has no entry. */
export async function deliveryStatesOf(
  sql: SQL,
  sessionId: string,
  outboundIds: readonly string[],
): Promise<Map<string, DeliveryState>> {
  if (outboundIds.length === 0) return new Map();
  const rows = (await sql`SELECT outbound_id, shown_at, last_shown_at, closed_at, completed_at
    FROM widget_outbound_deliveries
    WHERE session_id = ${sessionId} AND outbound_id IN ${sql([...outboundIds])}`) as DeliveryRow[];
  return statesOfRows(rows, null);
}
