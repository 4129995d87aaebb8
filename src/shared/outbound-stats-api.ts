import type { AdminOutbound } from "./inbox-api.ts";
import type { OutboundEventKind } from "./outbound-api.ts";

/**
 * What the admin shows of an outbound's reach, counted only from the widget's
 * acknowledgements (`POST /api/widget/outbound/{id}/events`): how many visitor sessions saw it, opened
 * or clicked it, completed or answered it, and closed it.
 *
 *   GET /api/projects/{p}/outbounds/{id}/stats → OutboundStats
 *   GET /api/projects/{p}/outbounds?…          → Page<AdminOutboundListItem> (each with its `shown`)
 *
 * The staff push `outbound-stats` `{projectId, outboundId}` (src/shared/inbox-api.ts) says an
 * outbound's stats changed; its open page asks again.
 */

/** The per-day window of the stats: today (UTC) and the 29 days before it. */
export const outboundStatsDays = 30;

/** Sessions per acknowledgement kind. */
export type OutboundStatsCounts = Record<OutboundEventKind, number>;

/** One UTC day of the window: the sessions that acknowledged each kind that day. */
export interface OutboundStatsDay extends OutboundStatsCounts {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
}

export interface OutboundStats {
  /**
   * Since the outbound exists: sessions with each acknowledgement (a session counts once, whatever
   * the day). Content delivered before acknowledgements existed counts as shown.
   */
  totals: OutboundStatsCounts;
  /**
   * The last {@link outboundStatsDays} days, oldest first, days without any as zeros. A session that
   * saw the content on two days counts on each, so the days may add up to more than the total.
   */
  days: OutboundStatsDay[];
}

/** A row of the admin's outbound list: the outbound and how many sessions it was shown to. */
export interface AdminOutboundListItem extends AdminOutbound {
  shown: number;
}
