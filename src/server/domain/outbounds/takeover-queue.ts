import type { OutboundAudience, OutboundFrequency, OutboundType } from "../../../shared/outbound-api.ts";
import { matchesPageFilterCached } from "./compiled-page-filters.ts";

/**
 * Which live content a visitor is offered now, as rules without a database.
 *
 * - Slots: a banner holds the `banner` slot; a modal, a survey or a tour holds the one `takeover` slot
 *   (modal-like: they cover the page or ask for the visitor's attention). Each slot offers one item at
 *   a time, the head of the visitor's queue for it: higher priority first, then the earlier publish,
 *   then the id. Notifications stack on their own and go out two at a time (the stack's limit, spec §9).
 * - The server does not know what is on screen; the widget does. The head is offered on every ping
 *   (and after each closed or completed acknowledgement) until the widget acknowledges it as shown;
 *   a surface whose slot is busy leaves it unacknowledged, so it waits, offered again. Once shown, its
 *   frequency decides whether it is offered again, and the next in the queue becomes the head.
 * - Frequency: `once` until shown; `visit` until shown in the current visit; `until_closed` until the
 *   visitor closed (or completed) it.
 * - Schedule: not before `startsAt`, not from `endsAt` on.
 * - Page and audience: the session's last page must match the page filter (no page known: only content
 *   without a filter), and the audience must fit whether the visitor is identified.
 */

export type TakeoverSlot = "banner" | "takeover";

/** The slot each kind of content holds; notifications hold none (they stack), checklists are never offered. */
export const slotOfType: Partial<Record<OutboundType, TakeoverSlot>> = {
  banner: "banner",
  modal: "takeover",
  survey: "takeover",
  tour: "takeover",
};

/** Spec §9: the notification stack keeps two; more at once would push out ones never seen. */
export const notificationsPerOffer = 2;

/** What the session's delivery row says of a candidate; null when it was never offered. */
export interface DeliveryState {
  shownAt: string | null;
  /** The latest acknowledgement of `shown` (for once per visit). */
  lastShownAt: string | null;
  closedAt: string | null;
  completedAt: string | null;
}

export interface QueueCandidate {
  id: string;
  type: OutboundType;
  priority: number;
  frequency: OutboundFrequency;
  startsAt: string | null;
  endsAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  pageFilter: string;
  pageFilterType: string;
  audience: OutboundAudience;
  delivery: DeliveryState | null;
}

export interface QueueVisitor {
  lastPage: string | null;
  userId: string | null;
  /** When the session's current visit began (a visit ends after 30 minutes without activity). */
  visitStartedAt: string | null;
}

const time = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** Within its start and end times (an unreadable bound is no bound). */
export function isScheduled(candidate: Pick<QueueCandidate, "startsAt" | "endsAt">, now: number): boolean {
  const startsAt = time(candidate.startsAt);
  const endsAt = time(candidate.endsAt);
  if (!Number.isNaN(startsAt) && now < startsAt) return false;
  if (!Number.isNaN(endsAt) && now >= endsAt) return false;
  return true;
}

/** Its frequency still allows offering it to this visitor. */
export function isDue(
  candidate: Pick<QueueCandidate, "frequency" | "delivery">,
  visitor: Pick<QueueVisitor, "visitStartedAt">,
): boolean {
  const delivery = candidate.delivery;
  if (!delivery) return true;
  switch (candidate.frequency) {
    case "once":
      return delivery.shownAt === null;
    case "visit": {
      const lastShown = time(delivery.lastShownAt ?? delivery.shownAt);
      if (Number.isNaN(lastShown)) return true;
      const visitStarted = time(visitor.visitStartedAt);
      return !Number.isNaN(visitStarted) && lastShown < visitStarted;
    }
    case "until_closed":
      return delivery.closedAt === null && delivery.completedAt === null;
  }
}

/**
 * Content is matched against the page the session was last seen on. Until a page is known only
 * content without a page filter goes out, so a filter like `isnot /checkout` cannot fire on a page
 * that might be the checkout.
 */
export function matchesPage(
  candidate: Pick<QueueCandidate, "pageFilter" | "pageFilterType">,
  page: string | null,
) {
  if (candidate.pageFilter.trim() === "") return true;
  if (page === null) return false;
  return matchesPageFilterCached(page, candidate.pageFilter, candidate.pageFilterType);
}

/** An audience of identified users needs a `userId` (identify); anonymous visitors have none. */
export function matchesAudience(
  candidate: Pick<QueueCandidate, "audience">,
  visitor: Pick<QueueVisitor, "userId">,
) {
  if (candidate.audience === "identified") return visitor.userId !== null;
  if (candidate.audience === "anonymous") return visitor.userId === null;
  return true;
}

/** The queue's order: higher priority first, then the earlier publish (a never-published one by creation), then id. */
export function queueOrder(a: QueueCandidate, b: QueueCandidate): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const publishedA = a.publishedAt ?? a.createdAt;
  const publishedB = b.publishedAt ?? b.createdAt;
  const byPublish = time(publishedA) - time(publishedB);
  if (byPublish) return byPublish;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * What to offer the visitor now: the head of the banner queue, the head of the takeover queue, and
 * the first two notifications, in that order (the widget handles each on its own surface).
 * `pageMatches` is `matchesPage`, or a memo of it when many visitors share their pages (a publish).
 */
export function pickOffers<C extends QueueCandidate>(
  candidates: readonly C[],
  visitor: QueueVisitor,
  now: number,
  pageMatches: (candidate: C, page: string | null) => boolean = matchesPage,
): C[] {
  const eligible = candidates
    .filter(
      (candidate) =>
        (candidate.type === "notification" || slotOfType[candidate.type] !== undefined) &&
        isScheduled(candidate, now) &&
        isDue(candidate, visitor) &&
        pageMatches(candidate, visitor.lastPage) &&
        matchesAudience(candidate, visitor),
    )
    .sort(queueOrder);
  const head = (slot: TakeoverSlot) => eligible.find((candidate) => slotOfType[candidate.type] === slot);
  const notifications = eligible.filter((candidate) => candidate.type === "notification");
  return [head("banner"), head("takeover"), ...notifications.slice(0, notificationsPerOffer)].filter(
    (candidate): candidate is C => candidate !== undefined,
  );
}
