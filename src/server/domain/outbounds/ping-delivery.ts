import { LRUCache } from "lru-cache";
import type { OutboundUpdatePush } from "../../../shared/widget-socket-pushes.ts";
import type { StoredSession } from "../sessions/sessions-repository.ts";
import type { DeliveryStatesReader } from "./delivery-states-reader.ts";
import type { LiveOutbound } from "./live-content-repository.ts";
import { type DeliveryDeps, sendOffers } from "./outbound-delivery.ts";
import { isScheduled, matchesAudience, matchesPage, pickOffers, slotOfType } from "./takeover-queue.ts";

/**
 * The live outbounds a ping may deliver (its kind goes out on pings, its page filter passes) by page,
 * per content list: matching every filter on every ping was a twentieth of a ping's time, and a site's
 * pings come from few pages. The lookup cache replaces the list whenever the content changes, so an
 * entry never outlives what it was worked out from. The bound keeps a site of many pages in check:
 * past it the page least recently asked for goes (dropping the whole map there made a site of a few
 * more pages than the bound miss on every ping).
 */
const deliverableByPage = new WeakMap<readonly LiveOutbound[], LRUCache<string, readonly LiveOutbound[]>>();
const pagesKept = 10_000;
/** The key of a session without a page yet (a page is never empty: `pageOf`). */
const noPage = "";

function deliverableOn(live: readonly LiveOutbound[], page: string | null): readonly LiveOutbound[] {
  let pages = deliverableByPage.get(live);
  if (!pages) {
    pages = new LRUCache({ max: pagesKept });
    deliverableByPage.set(live, pages);
  }
  let found = pages.get(page ?? noPage);
  if (!found) {
    found = live.filter(
      (outbound) =>
        (outbound.type === "notification" || slotOfType[outbound.type] !== undefined) &&
        matchesPage(outbound, page),
    );
    pages.set(page ?? noPage, found);
  }
  return found;
}

/**
 * The ping's delivery: the same offers as `deliverOutboundActions`, from the project's live
 * content kept in memory and the session as the ping's own write left it. The rules that do not depend
 * on what the session has seen (kind, schedule, page, audience) run first, so a ping with nothing that
 * could go out reads nothing; otherwise the session's delivery rows are read (on SQLite with those of
 * the other pings of its group, delivery-states-reader.ts).
 *
 * Answers the `update` it made (null: nothing offered). A widget without an open socket says so in its
 * ping (`ws: false`: its first ping goes out before the socket is up); its update is then not pushed
 * but carried by the ping's answer, so a fresh visitor's first content waits for no socket.
 */
export async function deliverAfterPing(
  deps: DeliveryDeps & { deliveryStates: DeliveryStatesReader },
  session: StoredSession,
  live: readonly LiveOutbound[],
  { push = true }: { push?: boolean } = {},
): Promise<OutboundUpdatePush["data"] | null> {
  const now = Date.now();
  const possible = deliverableOn(live, session.lastPage).filter(
    (outbound) => isScheduled(outbound, now) && matchesAudience(outbound, session),
  );
  if (possible.length === 0) return null;
  const states = await deps.deliveryStates(
    session.id,
    possible.map((outbound) => outbound.id),
  );
  const candidates = possible.map((outbound) => ({ ...outbound, delivery: states.get(outbound.id) ?? null }));
  return sendOffers(deps, session, pickOffers(candidates, session, now), { push });
}
