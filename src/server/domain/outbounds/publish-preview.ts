import type { SQL } from "bun";
import type { PublishPreview, QueuedBehind } from "../../../shared/publish-preview-api.ts";
import { findSessionById } from "../sessions/sessions-repository.ts";
import { type Outbound, type OutboundRow, outboundFromRow } from "./outbound-repository.ts";
import { isScheduled, matchesAudience, matchesPage, slotOfType } from "./takeover-queue.ts";

type Targeted = Pick<Outbound, "pageFilter" | "pageFilterType">;

/** What the preview reads of the outbound about to be published (the admin's or the widget's shape). */
export type PreviewedOutbound = Pick<
  Outbound,
  "id" | "projectId" | "type" | "pageFilter" | "pageFilterType" | "audience" | "priority"
>;

const filterOf = (outbound: Targeted) => {
  const value = outbound.pageFilter.trim().replace(/\/+$/, "");
  return value === "" || outbound.pageFilterType === "" ? null : `${outbound.pageFilterType} ${value}`;
};

/**
 * Whether two outbounds can be on the same page: either shows on every page, or both have the same
 * filter. Different filters are taken as different pages; guessing overlaps of two patterns (`is
 * /pricing` and `contains /pri`) would warn about queues that mostly never happen.
 */
export function pagesOverlap(a: Targeted, b: Targeted): boolean {
  const first = filterOf(a);
  const second = filterOf(b);
  return first === null || second === null || first === second;
}

/** Live and inside its schedule at `now` (ISO). */
export function isLiveAt(outbound: Pick<Outbound, "status" | "startsAt" | "endsAt">, now: string): boolean {
  return outbound.status === "live" && isScheduled(outbound, Date.parse(now));
}

/** The live takeovers that could be on screen instead of `candidate`: same slot, overlapping pages. */
function rivals(candidate: PreviewedOutbound, others: Outbound[], now: string): Outbound[] {
  // The slots of the delivery's queue (takeover-queue.ts): a banner waits for banners, a modal, survey
  // or tour for the other modal-like takeovers.
  const slot = slotOfType[candidate.type];
  if (slot === undefined) return [];
  return others.filter(
    (other) =>
      other.id !== candidate.id &&
      slotOfType[other.type] === slot &&
      isLiveAt(other, now) &&
      pagesOverlap(candidate, other),
  );
}

/** In the order a visitor gets them: higher priority first, then the earlier published. */
const byTurn = (a: Outbound, b: Outbound) =>
  b.priority - a.priority || (a.publishedAt ?? a.createdAt).localeCompare(b.publishedAt ?? b.createdAt);

const listed = (outbound: Outbound): QueuedBehind => ({
  id: outbound.id,
  name: outbound.name,
  type: outbound.type,
  priority: outbound.priority,
});

/**
 * Where `candidate` would stand among the live takeovers of its slot on overlapping pages: behind
 * those with a higher priority or the same one (they were published first), before those with a lower.
 */
export function queuePlace(
  candidate: PreviewedOutbound,
  others: Outbound[],
  now: string,
): Pick<PublishPreview, "queuedBehind" | "goesBefore"> {
  const competing = rivals(candidate, others, now).sort(byTurn);
  return {
    queuedBehind: competing.filter((other) => other.priority >= candidate.priority).map(listed),
    goesBefore: competing.filter((other) => other.priority < candidate.priority).map(listed),
  };
}

/**
 * How many of the connected sessions `sessionIds` the outbound would reach now: in its project, on a
 * page its filter passes (the session's last page, as a ping or page view stored it) and in its
 * audience. Merged sessions count as the session they became, once.
 */
export async function countMatchingVisitors(
  sql: SQL,
  outbound: PreviewedOutbound,
  sessionIds: string[],
): Promise<number> {
  const matching = new Set<string>();
  for (const sessionId of new Set(sessionIds)) {
    const session = await findSessionById(sql, sessionId);
    if (!session || session.projectId !== outbound.projectId) continue;
    if (matchesPage(outbound, session.lastPage) && matchesAudience(outbound, session))
      matching.add(session.id);
  }
  return matching.size;
}

/** The publish dialog's facts about `outbound` (src/shared/publish-preview-api.ts). */
export async function publishPreview(
  sql: SQL,
  outbound: PreviewedOutbound,
  connectedSessionIds: string[],
  now = new Date().toISOString(),
): Promise<PublishPreview> {
  const rows = await sql`SELECT * FROM widget_outbounds
    WHERE project_id = ${outbound.projectId} AND status = ${"live"} AND id <> ${outbound.id}`;
  const live = (rows as OutboundRow[]).map(outboundFromRow);
  return {
    matchingVisitors: await countMatchingVisitors(sql, outbound, connectedSessionIds),
    ...queuePlace(outbound, live, now),
  };
}
