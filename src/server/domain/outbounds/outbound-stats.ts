import type { SQL } from "bun";
import { type OutboundEventKind, outboundEventKinds } from "../../../shared/outbound-api.ts";
import {
  type OutboundStats,
  type OutboundStatsCounts,
  type OutboundStatsDay,
  outboundStatsDays,
} from "../../../shared/outbound-stats-api.ts";

/**
 * An outbound's stats for the admin, from the widget's acknowledgements only: the totals
 * from the delivery rows' first times (`shown_at`, `opened_at`, …; a row without `shown_at` was only
 * offered), the days from `widget_outbound_events` (one row per outbound, kind, day and session).
 */

const zeros = (): OutboundStatsCounts => ({ shown: 0, opened: 0, completed: 0, closed: 0 });

/** The window's days (`YYYY-MM-DD`, UTC), oldest first, ending with `now`'s day. */
export function statsWindowDays(now: Date, length = outboundStatsDays): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length }, (_, index) =>
    new Date(today - (length - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

const isKind = (kind: string): kind is OutboundEventKind =>
  (outboundEventKinds as readonly string[]).includes(kind);

export async function outboundStats(
  sql: SQL,
  outbound: { id: string },
  now: Date = new Date(),
): Promise<OutboundStats> {
  const window = statsWindowDays(now);
  const first = window[0] ?? "";
  const last = window[window.length - 1] ?? "";
  // Both counts come from the outbound's rows only (each table's key starts with outbound_id).
  const [total] = await sql`SELECT count(shown_at) AS shown, count(opened_at) AS opened,
      count(completed_at) AS completed, count(closed_at) AS closed
    FROM widget_outbound_deliveries WHERE outbound_id = ${outbound.id}`;
  const grouped: Array<{ day: string; kind: string; sessions: unknown }> =
    await sql`SELECT day, kind, count(*) AS sessions FROM widget_outbound_events
      WHERE outbound_id = ${outbound.id} AND day >= ${first} AND day <= ${last}
      GROUP BY day, kind`;

  const days = new Map<string, OutboundStatsDay>(window.map((day) => [day, { day, ...zeros() }]));
  for (const row of grouped) {
    const day = days.get(row.day);
    if (day && isKind(row.kind)) day[row.kind] = Number(row.sessions);
  }
  const counts = total as Record<OutboundEventKind, unknown>;
  const totals = zeros();
  for (const kind of outboundEventKinds) totals[kind] = Number(counts[kind] ?? 0);
  return { totals, days: [...days.values()] };
}

/** How many sessions each of `ids` was shown to (one grouped query for a list page); absent ids: 0. */
export async function shownCounts(sql: SQL, ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows: Array<{ outbound_id: string; shown: unknown }> =
    await sql`SELECT outbound_id, count(shown_at) AS shown FROM widget_outbound_deliveries
      WHERE outbound_id IN ${sql([...ids])} GROUP BY outbound_id`;
  for (const row of rows) counts.set(row.outbound_id, Number(row.shown));
  return counts;
}
